import APIClient

/// One of EDGAR's hosts as reached from here: its base URL and a transport to it.
public struct EdgarEndpoint: Sendable {
    /// The base URL, parsed; its path (empty for `https://www.sec.gov`) prefixes every call's.
    public let endpoint: ExchangeEndpoint
    /// How requests reach the host.
    public let transport: any ExchangeTransport

    /// An endpoint at `endpoint` over `transport`.
    public init(_ endpoint: ExchangeEndpoint, transport: any ExchangeTransport) {
        self.endpoint = endpoint
        self.transport = transport
    }

    /// The host at `baseURL` over keep-alive connections (TLS for `https://`, trusting the
    /// system's certificate authorities and those in `caFile`). Throws `transport` for a URL
    /// that is not `http://` or `https://` with a host, or when `caFile` cannot be loaded.
    public init(baseURL: String, timeout: Duration, caFile: String? = nil) throws(EdgarError) {
        do throws(TransportError) {
            let endpoint = try ExchangeEndpoint(baseURL: baseURL)
            self.init(endpoint, transport: try endpoint.makeTransport(timeout: timeout, poolSize: 2, caFile: caFile))
        } catch {
            throw .transport(call: baseURL, error)
        }
    }

    /// The base URL without a default port or a trailing slash (`https://www.sec.gov`,
    /// `http://127.0.0.1:8080`): what a filing's document URL starts with.
    public var baseURL: String {
        let isDefaultPort = endpoint.port == (endpoint.scheme == "https" ? 443 : 80)
        let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
        return "\(endpoint.scheme)://\(host)\(isDefaultPort ? "" : ":\(endpoint.port)")\(endpoint.basePath)"
    }

    /// The default site, `https://www.sec.gov`.
    public static let siteURL = "https://www.sec.gov"
    /// The default data host, `https://data.sec.gov`.
    public static let dataURL = "https://data.sec.gov"
}
