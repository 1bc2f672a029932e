import HTTP

/// Where a client's two Alpaca streams are: the market-data stream (`/v2/{feed}` on the data
/// stream host) and the account's `trade_updates` (`/stream` on the trading host).
public struct AlpacaStreamEndpoints: Sendable, Hashable {
    /// Alpaca's own market-data stream, the free plan's feed.
    public static let alpacaDataStream = "wss://stream.data.alpaca.markets/v2/iex"

    public var marketData: WebSocketURL
    public var trading: WebSocketURL
    /// Certificate authorities trusted beside the system's for `wss`, as the REST client's.
    public var caFile: String?

    public init(marketData: WebSocketURL, trading: WebSocketURL, caFile: String? = nil) {
        self.marketData = marketData
        self.trading = trading
        self.caFile = caFile
    }

    /// The streams of a client of `tradingURL` and `marketDataURL` (`http://` or `https://`):
    /// `dataStreamURL` when given, else Alpaca's own data stream for Alpaca's data host, else
    /// `/v2/iex` on the market-data URL's host (a simulated exchange serves both on its port);
    /// `/stream` on the trading URL's host, `wss` for `https`. Nil for a URL that is not one.
    public static func derived(
        tradingURL: String, marketDataURL: String, dataStreamURL: String? = nil, caFile: String? = nil
    ) -> AlpacaStreamEndpoints? {
        let data: String
        if let dataStreamURL {
            data = dataStreamURL
        } else if marketDataURL.hasPrefix("https://data.alpaca.markets") {
            data = alpacaDataStream
        } else {
            guard let host = webSocketHost(of: marketDataURL) else { return nil }
            data = host + "/v2/iex"
        }
        guard let host = webSocketHost(of: tradingURL), let marketData = WebSocketURL(parsing: data),
              let trading = WebSocketURL(parsing: host + "/stream") else { return nil }
        return AlpacaStreamEndpoints(marketData: marketData, trading: trading, caFile: caFile)
    }

    /// `ws://HOST[:PORT]` for `http://HOST[:PORT]/...`, `wss://...` for `https://`.
    private static func webSocketHost(of url: String) -> String? {
        let scheme: String
        let rest: Substring
        if url.hasPrefix("https://") {
            scheme = "wss://"
            rest = url.dropFirst(8)
        } else if url.hasPrefix("http://") {
            scheme = "ws://"
            rest = url.dropFirst(7)
        } else {
            return nil
        }
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty ? nil : scheme + host
    }
}
