import StrategyKit
import Wire

/// A submissions document's filings as EDGAR sends them: parallel arrays, one per field (in
/// `filings.recent`, and at the top level of an older page). Collects the kept ones and skips
/// the rest, then zips them into `Filing`s.
struct FilingColumns {
    var accession: [String] = []
    var form: [String] = []
    var filingDate: [String] = []
    var reportDate: [String] = []
    var acceptedAt: [Timestamp] = []
    var primaryDocument: [String] = []
    var items: [String] = []

    /// Reads the value of member `key` into its column if it is one kept, and says whether it
    /// was; the caller skips the others.
    mutating func read(_ key: JSONRawString, _ reader: inout JSONReader) throws(JSONReadError) -> Bool {
        if key.equals("accessionNumber") { accession = try reader.strings() }
        else if key.equals("form") { form = try reader.strings() }
        else if key.equals("filingDate") { filingDate = try reader.strings() }
        else if key.equals("reportDate") { reportDate = try reader.strings() }
        else if key.equals("acceptanceDateTime") { acceptedAt = try reader.timestamps() }
        else if key.equals("primaryDocument") { primaryDocument = try reader.strings() }
        else if key.equals("items") { items = try reader.strings() }
        else { return false }
        return true
    }

    /// Reads an object made only of columns (an older page), skipping the unkept ones.
    mutating func readObject(_ reader: inout JSONReader) throws(JSONReadError) {
        try reader.readObject { reader, key throws(JSONReadError) in
            if try !read(key, &reader) { try reader.skipValue() }
        }
    }

    /// The filings, in the columns' order; refused unless every kept column has one entry per
    /// accession number (an absent `items` or `reportDate` column counts as empty).
    func filings(cik: CIK, siteBaseURL: String) throws(JSONReadError) -> [Filing] {
        let count = accession.count
        let optional = [reportDate.count, items.count]
        guard [form.count, filingDate.count, acceptedAt.count, primaryDocument.count].allSatisfy({ $0 == count }),
            optional.allSatisfy({ $0 == count || $0 == 0 })
        else { throw .refused("filings: the columns differ in length (\(count) accession numbers)") }
        var filings: [Filing] = []
        filings.reserveCapacity(count)
        for index in 0..<count {
            let report = reportDate.isEmpty ? "" : reportDate[index]
            let itemText = items.isEmpty ? "" : items[index]
            filings.append(Filing(
                accession: accession[index], form: form[index], filingDate: filingDate[index],
                reportDate: report.isEmpty ? nil : report, acceptedAt: acceptedAt[index],
                primaryDocument: primaryDocument[index],
                items: itemText.isEmpty ? [] : itemText.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init),
                cik: cik, siteBaseURL: siteBaseURL))
        }
        return filings
    }
}

extension JSONReader {
    /// Reads an array of strings; a `null` element reads as empty.
    mutating func strings() throws(JSONReadError) -> [String] {
        var values: [String] = []
        try readArray { reader throws(JSONReadError) in values.append(try reader.null() ? "" : try reader.string()) }
        return values
    }

    /// Reads an array of ISO-8601 times.
    mutating func timestamps() throws(JSONReadError) -> [Timestamp] {
        var values: [Timestamp] = []
        try readArray { reader throws(JSONReadError) in values.append(try reader.timestamp()) }
        return values
    }
}
