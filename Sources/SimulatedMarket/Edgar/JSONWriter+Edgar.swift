import Wire

/// The simulated EDGAR's documents, in EDGAR's shapes and member order.
extension JSONWriter {
    /// One page of older filings, as `filings.files` names it.
    struct EdgarPage {
        var name: String
        var filings: ArraySlice<EdgarFiling>
    }

    /// `/submissions/CIK##########.json`: the company, then `filings.recent` (the newest
    /// filings as parallel arrays) and `filings.files` (the pages of older ones).
    mutating func edgarSubmissions(
        _ company: EdgarCompany, _ profile: EdgarProfile, recent: ArraySlice<EdgarFiling>, pages: [EdgarPage]
    ) {
        raw("{\"cik\":")
        string(company.paddedCIK)
        raw(",\"entityType\":\"operating\",\"sic\":")
        string(profile.sic.code)
        raw(",\"sicDescription\":")
        string(profile.sic.description)
        raw(",\"ownerOrg\":\"\",\"insiderTransactionForOwnerExists\":0,\"insiderTransactionForIssuerExists\":1,\"name\":")
        string(company.name)
        raw(",\"tickers\":")
        strings(company.tickers)
        raw(",\"exchanges\":")
        strings(company.exchanges)
        raw(",\"ein\":\"000000000\",\"lei\":null,\"description\":\"A simulated company of Tickwork's simulated exchange\"")
        raw(",\"website\":\"\",\"investorWebsite\":\"\",\"category\":\"Large accelerated filer\",\"fiscalYearEnd\":")
        // `MMDD` of the fiscal year's last day (`1231`, `0930`).
        string(EdgarCalendar.date(EdgarCalendar.lastDay(year: 2001, month: profile.fiscalYearEndMonth)).dropFirst(5).filter { $0 != "-" })
        raw(",\"stateOfIncorporation\":")
        string(profile.state)
        raw(",\"stateOfIncorporationDescription\":")
        string(profile.state)
        raw(",\"addresses\":{")
        for (index, kind) in ["mailing", "business"].enumerated() {
            if index > 0 { raw(",") }
            string(kind)
            raw(":{\"street1\":\"1 Simulated Way\",\"street2\":null,\"city\":\"SIMULATED CITY\",\"stateOrCountry\":\"DE\",")
            raw("\"zipCode\":\"19801\",\"stateOrCountryDescription\":\"DE\",\"isForeignLocation\":0,\"foreignStateTerritory\":null,")
            raw("\"country\":null,\"countryCode\":null}")
        }
        raw("},\"phone\":\"000-000-0000\",\"flags\":\"\",\"formerNames\":[],\"filings\":{\"recent\":")
        edgarFilingArrays(recent)
        raw(",\"files\":[")
        for (index, page) in pages.enumerated() {
            raw(index == 0 ? "{\"name\":" : ",{\"name\":")
            string(page.name)
            raw(",\"filingCount\":")
            int(Int64(page.filings.count))
            raw(",\"filingFrom\":")
            string(EdgarCalendar.date(page.filings.last?.filingDay ?? 0))
            raw(",\"filingTo\":")
            string(EdgarCalendar.date(page.filings.first?.filingDay ?? 0))
            raw("}")
        }
        raw("]}}")
    }

    /// `filings` (newest first) as EDGAR's object of parallel arrays, every array as long.
    mutating func edgarFilingArrays(_ filings: ArraySlice<EdgarFiling>) {
        func column(_ name: StaticString, first: Bool = false, _ write: (inout JSONWriter, EdgarFiling) -> Void) {
            if !first { raw(",") }
            key(name)
            raw("[")
            for (index, filing) in filings.enumerated() {
                if index > 0 { raw(",") }
                write(&self, filing)
            }
            raw("]")
        }
        raw("{")
        column("accessionNumber", first: true) { $0.string($1.accessionNumber) }
        column("filingDate") { $0.string(EdgarCalendar.date($1.filingDay)) }
        column("reportDate") { $0.string($1.reportDay.map(EdgarCalendar.date) ?? "") }
        column("acceptanceDateTime") { $0.string(EdgarCalendar.acceptance($1.acceptance)) }
        column("act") { $0.string($1.act) }
        column("form") { $0.string($1.form) }
        column("fileNumber") { $0.string($1.fileNumber) }
        column("filmNumber") { $0.string($1.filmNumber) }
        column("items") { $0.string($1.items) }
        column("core_type") { $0.string($1.form) }
        column("size") { $0.int(Int64($1.size)) }
        column("isXBRL") { $0.int($1.isXBRL ? 1 : 0) }
        column("isInlineXBRL") { $0.int($1.isXBRL ? 1 : 0) }
        column("primaryDocument") { $0.string($1.primaryDocument) }
        column("primaryDocDescription") { $0.string($1.primaryDocDescription) }
        raw("}")
    }

    /// `/api/xbrl/companyfacts/CIK##########.json`.
    mutating func edgarCompanyFacts(_ company: EdgarCompany, _ facts: EdgarFacts) {
        raw("{\"cik\":")
        int(Int64(company.cik))
        raw(",\"entityName\":")
        string(company.name)
        raw(",\"facts\":{")
        var taxonomy: String?
        for (index, concept) in EdgarFacts.concepts.enumerated() where !facts.factsOfConcept[index].isEmpty {
            if concept.taxonomy != taxonomy {
                if taxonomy != nil { raw("},") }
                string(concept.taxonomy)
                raw(":{")
                taxonomy = concept.taxonomy
            } else {
                raw(",")
            }
            string(concept.tag)
            raw(":")
            edgarConceptBody(concept, facts.factsOfConcept[index])
            raw("}")
        }
        if taxonomy != nil { raw("}") }
        raw("}}")
    }

    /// `/api/xbrl/companyconcept/CIK##########/TAXONOMY/TAG.json`.
    mutating func edgarCompanyConcept(_ company: EdgarCompany, _ concept: EdgarFacts.Concept, _ facts: [EdgarFacts.Fact]) {
        raw("{\"cik\":")
        int(Int64(company.cik))
        raw(",\"taxonomy\":")
        string(concept.taxonomy)
        raw(",\"tag\":")
        string(concept.tag)
        raw(",")
        edgarConceptBody(concept, facts, entityName: company.name)
        raw("}")
    }

    /// `{"label":..,"description":..,"units":{UNIT:[facts]}` without its closing brace, with
    /// `"entityName"` before the units when given (the concept document has it there).
    private mutating func edgarConceptBody(_ concept: EdgarFacts.Concept, _ facts: [EdgarFacts.Fact], entityName: String? = nil) {
        if entityName == nil { raw("{") }
        raw("\"label\":")
        string(concept.label)
        raw(",\"description\":")
        string(concept.description)
        if let entityName {
            raw(",\"entityName\":")
            string(entityName)
        }
        raw(",\"units\":{")
        string(concept.unit)
        raw(":[")
        for (index, fact) in facts.enumerated() {
            raw(index == 0 ? "{" : ",{")
            if let start = fact.start {
                raw("\"start\":")
                string(EdgarCalendar.date(start))
                raw(",")
            }
            raw("\"end\":")
            string(EdgarCalendar.date(fact.end))
            raw(",\"val\":")
            bytes.append(contentsOf: fact.value.utf8)
            raw(",\"accn\":")
            string(fact.period.accession)
            raw(",\"fy\":")
            int(Int64(fact.period.fiscalYear))
            raw(",\"fp\":")
            string(fact.period.fiscalPeriod)
            raw(",\"form\":")
            string(fact.period.form)
            raw(",\"filed\":")
            string(EdgarCalendar.date(fact.period.filed))
            raw(",\"frame\":")
            string(fact.frame)
            raw("}")
        }
        raw("]}")
    }

    private mutating func strings(_ values: [String]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            string(value)
        }
        raw("]")
    }
}
