import Wire

/// GET `/api/xbrl/companyconcept/CIK##########/<taxonomy>/<concept>.json` on the data host:
/// one concept's facts. A concept the company does not report is a 404 (`notFound`).
public struct GetCompanyConcept: EdgarCommand, Hashable {
    public var cik: CIK
    /// The taxonomy, `us-gaap` unless said otherwise.
    public var taxonomy: String
    /// The concept, e.g. `AccountsPayableCurrent`.
    public var concept: String

    public init(cik: CIK, concept: String, taxonomy: String = "us-gaap") {
        self.cik = cik
        self.taxonomy = taxonomy
        self.concept = concept
    }

    public var host: EdgarHost { .data }
    public var path: String {
        "/api/xbrl/companyconcept/CIK\(cik.padded)/\(PercentEncoding.encode(taxonomy))/\(PercentEncoding.encode(concept)).json"
    }

    public func decode(_ body: UnsafeRawBufferPointer, context: EdgarDecodeContext) throws(JSONReadError) -> CompanyFacts {
        try JSONReader.document(body) { reader throws(JSONReadError) in try CompanyFacts.readCompanyConcept(&reader) }
    }
}
