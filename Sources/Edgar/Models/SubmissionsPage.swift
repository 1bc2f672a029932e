import Wire

/// An older page of a company's filings, as `filings.files` names it.
public struct SubmissionsPage: Sendable, Hashable {
    /// The file's name, e.g. `CIK0000320193-submissions-001.json`.
    public var name: String
    public var filingCount: Int
    /// The first and last filing days it holds, `YYYY-MM-DD`.
    public var filingFrom: String
    public var filingTo: String

    public init(name: String, filingCount: Int, filingFrom: String, filingTo: String) {
        self.name = name
        self.filingCount = filingCount
        self.filingFrom = filingFrom
        self.filingTo = filingTo
    }

    static func readList(_ reader: inout JSONReader) throws(JSONReadError) -> [SubmissionsPage] {
        var pages: [SubmissionsPage] = []
        try reader.readArray { reader throws(JSONReadError) in
            var name: String?, count: Int64 = 0, from = "", to = ""
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("name") { name = try reader.string() }
                else if key.equals("filingCount") { count = try reader.int64() }
                else if key.equals("filingFrom") { from = try reader.string() }
                else if key.equals("filingTo") { to = try reader.string() }
                else { try reader.skipValue() }
            }
            guard let name else { throw .refused("filings.files[\(pages.count)]: name is required") }
            pages.append(SubmissionsPage(name: name, filingCount: Int(count), filingFrom: from, filingTo: to))
        }
        return pages
    }
}
