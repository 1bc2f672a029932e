import Wire

/// GET `/files/company_tickers.json` on the site: every listed ticker with its CIK, in
/// market-value order.
public struct GetCompanyTickers: EdgarCommand, Hashable {
    public init() {}
    public var host: EdgarHost { .site }
    public var path: String { "/files/company_tickers.json" }

    public func decode(_ body: UnsafeRawBufferPointer, context: EdgarDecodeContext) throws(JSONReadError) -> [CompanyTicker] {
        try JSONReader.document(body) { reader throws(JSONReadError) in try CompanyTicker.readList(&reader) }
    }
}
