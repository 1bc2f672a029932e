import Wire

/// GET `/submissions/<page>` on the data host: an older page of a company's filings, as its
/// submissions' `filings.files` names it (`CIK0000320193-submissions-001.json`).
public struct GetSubmissionsPage: EdgarCommand, Hashable {
    public var cik: CIK
    /// The page's file name.
    public var name: String

    /// The page `name` of `cik`'s filings; the name is sent percent-encoded, as one path
    /// segment.
    public init(cik: CIK, name: String) {
        self.cik = cik
        self.name = name
    }

    public var host: EdgarHost { .data }
    public var path: String { "/submissions/\(PercentEncoding.encode(name))" }

    public func decode(_ body: UnsafeRawBufferPointer, context: EdgarDecodeContext) throws(JSONReadError) -> [Filing] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            var columns = FilingColumns()
            try columns.readObject(&reader)
            return try columns.filings(cik: cik, siteBaseURL: context.siteBaseURL)
        }
    }
}
