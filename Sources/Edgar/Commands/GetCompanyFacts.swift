import Wire

/// GET `/api/xbrl/companyfacts/CIK##########.json` on the data host: every XBRL fact the
/// company reported, as a flat list.
public struct GetCompanyFacts: EdgarCommand, Hashable {
    public var cik: CIK

    public init(cik: CIK) { self.cik = cik }
    public var host: EdgarHost { .data }
    public var path: String { "/api/xbrl/companyfacts/CIK\(cik.padded).json" }

    public func decode(_ body: UnsafeRawBufferPointer, context: EdgarDecodeContext) throws(JSONReadError) -> CompanyFacts {
        try JSONReader.document(body) { reader throws(JSONReadError) in try CompanyFacts.readCompanyFacts(&reader) }
    }
}
