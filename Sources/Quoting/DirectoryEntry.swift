/// One listed symbol, as a quote source lists them and a row of the symbol directory holds them
/// (`symbol,name,exchange,type,cik,prominence`).
public struct DirectoryEntry: Sendable, Hashable, Codable {
    /// The ticker as the US markets write it (`BRK.B`).
    public var symbol: String
    /// The company's or fund's name.
    public var name: String
    /// `NYSE`, `NASDAQ`, `NYSE ARCA`, ...; `US` when the source does not say.
    public var exchange: String
    /// `Common Stock`, `ETF`, ...
    public var type: String
    /// The company's Central Index Key at SEC EDGAR (`320193` for Apple); nil when unknown.
    public var cik: Int?
    /// How prominent the symbol is, 1 the most (index members first, then EDGAR's company list,
    /// which is in market-value order): search ranks equal matches by it. Nil ranks after every
    /// number.
    public var prominence: Int?

    /// An entry with every field given.
    public init(symbol: String, name: String, exchange: String, type: String, cik: Int? = nil, prominence: Int? = nil) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.type = type
        self.cik = cik
        self.prominence = prominence
    }
}
