import FoundationEssentials
import HTTP
import Quoting
import Wire

/// Blocking GETs to a Finnhub-shaped API (`https://finnhub.io/api/v1`, or the simulated
/// exchange's `/api/v1`) on one keep-alive connection, with the token in the query as the
/// official client sends it. A non-2xx answer becomes a `QuoteError` carrying Finnhub's
/// `{"error": ...}` message.
public final class FinnhubClient: Sendable {
    /// Finnhub's own API base.
    public static let defaultBaseURL = "https://finnhub.io/api/v1"

    /// The base URL as given, without a trailing slash, for messages.
    public let baseURL: String
    private let basePath: String
    private let token: String?
    private let connection: HTTPClientConnection

    /// A client of the API at `baseURL`, sending `token` (none when nil); each request may take
    /// `timeout`. Throws `invalidBaseURL` for a URL that is not http(s) with a host, and
    /// `transport` when `caFile` cannot be loaded.
    public init(baseURL: String, token: String?, timeout: Duration = .seconds(10), caFile: String? = nil) throws(QuoteError) {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { throw .invalidBaseURL("\"\(baseURL)\" is not an http:// or https:// URL with a host") }
        guard let port = url.port.map({ UInt16(exactly: $0) }) ?? (scheme == "https" ? 443 : 80) else {
            throw .invalidBaseURL("\"\(baseURL)\": port out of range")
        }
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        var tls: TLSClientContext?
        if scheme == "https" {
            do throws(HTTPError) {
                tls = try TLSClientContext(caFile: caFile)
            } catch {
                throw .transport(endpoint: baseURL, reason: "TLS set-up: \(error)")
            }
        }
        self.baseURL = "\(scheme)://\(HTTPAddress(host: host, port: port))\(path)"
        basePath = path
        self.token = token
        connection = HTTPClientConnection(
            address: HTTPAddress(host: host, port: port),
            configuration: HTTPClientConfiguration(connectTimeout: min(timeout, .seconds(5)), responseTimeout: timeout), tls: tls)
    }

    /// The body of a 2xx answer to `GET <base>/<path>?<query>&token=...`; the query's values
    /// are percent-encoded here.
    public func get(_ path: String, _ query: [(String, String)]) throws(QuoteError) -> [UInt8] {
        var parameters = query
        if let token { parameters.append(("token", token)) }
        let encoded = parameters.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        let endpoint = "\(baseURL)/\(path)"
        let request = HTTPRequest(
            method: "GET", target: "\(basePath)/\(path)" + (encoded.isEmpty ? "" : "?\(encoded)"),
            headers: ["Accept": "application/json"])
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try connection.send(request)
        } catch {
            throw .transport(endpoint: endpoint, reason: "\(error)")
        }
        switch response.status {
        case 200..<300: return response.body
        case 401, 403: throw .unauthorized(endpoint: endpoint, message: Self.errorMessage(response))
        case 429: throw .rateLimited(endpoint: endpoint)
        default: throw .refused(endpoint: endpoint, status: response.status, message: Self.errorMessage(response))
        }
    }

    /// Closes the connection; the next request opens another.
    public func close() {
        connection.close()
    }

    /// The `error` member of a JSON error body, else the body's first line.
    static func errorMessage(_ response: HTTPResponse) -> String {
        if let message = FinnhubCodec.errorMessage(response.body) { return message }
        return String(response.bodyText.prefix { $0 != "\n" }.prefix(200))
    }
}
