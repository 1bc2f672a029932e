import APIClient

/// One of Alpaca's APIs as reached from here: a transport to its host and the path its calls
/// go under (empty for `https://paper-api.alpaca.markets`; a base URL with a path keeps it).
public struct AlpacaEndpoint: Sendable {
    /// How requests reach the host.
    public let transport: any ExchangeTransport
    /// The base URL's path without a trailing slash, prefixed to every call's path.
    public let basePath: String

    /// An endpoint over `transport` with calls under `basePath`.
    public init(transport: any ExchangeTransport, basePath: String = "") {
        self.transport = transport
        var path = basePath
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
    }

    /// The API at `baseURL` over keep-alive connections (TLS for `https://`, trusting the
    /// system's certificate authorities and those in `caFile`). Throws `transport(invalidBaseURL)`
    /// for a URL that is not `http://` or `https://` with a host, `transport(tlsSetupFailed)`
    /// when `caFile` cannot be loaded.
    public init(baseURL: String, timeout: Duration, caFile: String? = nil) throws(AlpacaError) {
        do throws(TransportError) {
            let endpoint = try ExchangeEndpoint(baseURL: baseURL)
            self.init(transport: try endpoint.makeTransport(timeout: timeout, caFile: caFile), basePath: endpoint.basePath)
        } catch {
            throw .transport(error)
        }
    }
}
