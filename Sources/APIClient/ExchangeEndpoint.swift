import FoundationEssentials
import HTTP

/// Where an API lives, parsed from a base URL such as `https://api.stockfighter.io/ob/api` or
/// `http://127.0.0.1:8080`.
public struct ExchangeEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`.
    public var scheme: String
    public var host: String
    public var port: UInt16
    /// The API's base path without a trailing slash: the URL's path, or `defaultPath` when it
    /// has none.
    public var basePath: String

    /// Parses `baseURL`, with `defaultPath` for a URL without a path; throws `invalidBaseURL`
    /// unless it is an `http://` or `https://` URL with a host.
    public init(baseURL: String, defaultPath: String = "") throws(TransportError) {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { throw .invalidBaseURL("\"\(baseURL)\" is not a URL with a host") }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidBaseURL("\"\(baseURL)\": only http:// and https:// are supported")
        }
        guard let port = url.port.map({ UInt16(exactly: $0) }) ?? (scheme == "https" ? 443 : 80) else {
            throw .invalidBaseURL("\"\(baseURL)\": port out of range")
        }
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = path.isEmpty ? defaultPath : path
    }

    /// `scheme://host:port/basePath`.
    public var description: String { "\(scheme)://\(HTTPAddress(host: host, port: port))\(basePath)" }

    /// Keep-alive connections to the endpoint, over TLS for `https` (trusting the system's
    /// certificate authorities and those in `caFile`). `timeout` bounds each request; `poolSize`
    /// is the number of connections. Throws `tlsSetupFailed` when `caFile` cannot be loaded.
    public func makeTransport(timeout: Duration, poolSize: Int = 4, caFile: String? = nil) throws(TransportError) -> KeepAliveTransport {
        var tls: TLSClientContext?
        if scheme == "https" {
            do throws(HTTPError) {
                tls = try TLSClientContext(caFile: caFile)
            } catch {
                throw .tlsSetupFailed("\(self): \(error)")
            }
        }
        return KeepAliveTransport(
            address: HTTPAddress(host: host, port: port), poolSize: poolSize,
            configuration: HTTPClientConfiguration(connectTimeout: min(timeout, .seconds(5)), responseTimeout: timeout), tls: tls)
    }
}
