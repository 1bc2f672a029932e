import Wire

/// A company's XBRL facts as a flat list: every concept's (company facts,
/// `/api/xbrl/companyfacts/CIK##########.json`) or one concept's (company concept,
/// `/api/xbrl/companyconcept/CIK##########/us-gaap/NAME.json`).
public struct CompanyFacts: Sendable, Hashable {
    public var cik: CIK
    /// The company's name, e.g. `Apple Inc.`.
    public var entityName: String
    /// The facts, concept by concept and unit by unit in the document's order.
    public var facts: [Fact]

    public init(cik: CIK, entityName: String, facts: [Fact]) {
        self.cik = cik
        self.entityName = entityName
        self.facts = facts
    }

    /// Reads a company facts document: `facts` → taxonomy → concept → `units` → unit → entries.
    /// Labels and descriptions are skipped.
    static func readCompanyFacts(_ reader: inout JSONReader) throws(JSONReadError) -> CompanyFacts {
        var cik: CIK?, entityName: String?, facts: [Fact] = []
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("cik") { cik = try reader.cik(field: "cik") }
            else if key.equals("entityName") { entityName = try reader.string() }
            else if key.equals("facts") {
                try reader.readObject { reader, taxonomyKey throws(JSONReadError) in
                    let taxonomy = try reader.keyString(taxonomyKey)
                    try reader.readObject { reader, conceptKey throws(JSONReadError) in
                        let concept = try reader.keyString(conceptKey)
                        try reader.readObject { reader, key throws(JSONReadError) in
                            if key.equals("units") {
                                try reader.readUnits(taxonomy: taxonomy, concept: concept, into: &facts)
                            } else { try reader.skipValue() }
                        }
                    }
                }
            } else { try reader.skipValue() }
        }
        guard let cik, let entityName else { throw .refused("company facts: cik and entityName are required") }
        return CompanyFacts(cik: cik, entityName: entityName, facts: facts)
    }

    /// Reads a company concept document: its `taxonomy`, `tag` and `units` at the top level,
    /// in any order. Labels and descriptions are skipped.
    static func readCompanyConcept(_ reader: inout JSONReader) throws(JSONReadError) -> CompanyFacts {
        var cik: CIK?, entityName: String?, taxonomy: String?, tag: String?, facts: [Fact] = []
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("cik") { cik = try reader.cik(field: "cik") }
            else if key.equals("entityName") { entityName = try reader.string() }
            else if key.equals("taxonomy") { taxonomy = try reader.string() }
            else if key.equals("tag") { tag = try reader.string() }
            else if key.equals("units") { try reader.readUnits(taxonomy: "", concept: "", into: &facts) }
            else { try reader.skipValue() }
        }
        guard let cik, let entityName, let taxonomy, let tag else {
            throw .refused("company concept: cik, entityName, taxonomy and tag are required")
        }
        for index in facts.indices {
            facts[index].taxonomy = taxonomy
            facts[index].concept = tag
        }
        return CompanyFacts(cik: cik, entityName: entityName, facts: facts)
    }
}

extension JSONReader {
    /// `key` as a string (unescaped when it holds escapes).
    mutating func keyString(_ key: JSONRawString) throws(JSONReadError) -> String {
        if !key.isEscaped { return String(decoding: key.bytes, as: UTF8.self) }
        var text: [UInt8] = []
        try Self.unescape(key, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads a `units` object (unit → entries) and appends each entry as a fact of `concept`.
    mutating func readUnits(taxonomy: String, concept: String, into facts: inout [Fact]) throws(JSONReadError) {
        try readObject { reader, unitKey throws(JSONReadError) in
            let unit = try reader.keyString(unitKey)
            try reader.readArray { reader throws(JSONReadError) in
                facts.append(try reader.fact(taxonomy: taxonomy, concept: concept, unit: unit))
            }
        }
    }

    /// Reads one entry (`{"start","end","val","accn","fy","fp","form","filed","frame"}`).
    private mutating func fact(taxonomy: String, concept: String, unit: String) throws(JSONReadError) -> Fact {
        var start: String?, end: String?, value: String?, accession: String?, fiscalYear: Int?, fiscalPeriod: String?
        var form: String?, filed: String?, frame: String?
        try readObject { reader, key throws(JSONReadError) in
            if key.equals("end") { end = try reader.string() }
            else if key.equals("val") { value = try reader.decimalText(field: "\(concept) val") }
            else if key.equals("accn") { accession = try reader.string() }
            else if key.equals("form") { form = try reader.string() }
            else if key.equals("filed") { filed = try reader.string() }
            else if key.equals("start") { start = try reader.null() ? nil : try reader.string() }
            else if key.equals("fy") { fiscalYear = try reader.null() ? nil : Int(try reader.int64()) }
            else if key.equals("fp") { fiscalPeriod = try reader.null() ? nil : try reader.string() }
            else if key.equals("frame") { frame = try reader.null() ? nil : try reader.string() }
            else { try reader.skipValue() }
        }
        guard let end, let value, let accession, let form, let filed else {
            throw .refused("\(concept) in \(unit): end, val, accn, form and filed are required")
        }
        return Fact(
            taxonomy: taxonomy, concept: concept, unit: unit, start: start, end: end, value: value, accession: accession,
            fiscalYear: fiscalYear, fiscalPeriod: fiscalPeriod, form: form, filed: filed, frame: frame)
    }
}
