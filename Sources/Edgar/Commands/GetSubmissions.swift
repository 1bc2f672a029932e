import Wire

/// GET `/submissions/CIK##########.json` on the data host: a company, its recent filings and
/// the older pages of filings.
public struct GetSubmissions: EdgarCommand, Hashable {
    public var cik: CIK

    public init(cik: CIK) { self.cik = cik }
    public var host: EdgarHost { .data }
    public var path: String { "/submissions/CIK\(cik.padded).json" }

    public func decode(_ body: UnsafeRawBufferPointer, context: EdgarDecodeContext) throws(JSONReadError) -> Submissions {
        try JSONReader.document(body) { reader throws(JSONReadError) in try Submissions(reading: &reader, context: context) }
    }
}
