/// One listed symbol, as a quote source lists them and a row of the symbol directory holds them
/// (`symbol,name,exchange,type`).
public struct DirectoryEntry: Sendable, Hashable, Codable {
    /// The ticker as the US markets write it (`BRK.B`).
    public var symbol: String
    /// The company's or fund's name.
    public var name: String
    /// `NYSE`, `NASDAQ`, `NYSE ARCA`, ...; `US` when the source does not say.
    public var exchange: String
    /// `Common Stock`, `ETF`, ...
    public var type: String

    /// An entry with every field given.
    public init(symbol: String, name: String, exchange: String, type: String) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.type = type
    }
}
