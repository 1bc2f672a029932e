import HTTP
import Wire

/// Sends a webhook its bodies over one keep-alive connection (TLS for `https://`), one request
/// at a time, on the caller's thread (it blocks up to the policy's time-out per request).
final class WebhookClient: Sendable {
    /// What became of one request.
    enum Attempt: Sendable, Equatable {
        /// A 2xx answer.
        case delivered(status: Int)
        /// Worth trying again: no answer, a 5xx or a 429 (`retryAfter` from its header).
        case failed(String, retryAfter: Duration?)
        /// The webhook refused it (another 4xx or 3xx): trying again cannot help.
        case refused(status: Int)
    }

    let webhook: Webhook
    private let connection: HTTPClientConnection?
    /// Why there is no connection (TLS could not be set up); every attempt fails with it.
    private let setupError: String?

    init(_ webhook: Webhook, timeout: Duration) {
        self.webhook = webhook
        let configuration = HTTPClientConfiguration(connectTimeout: timeout, responseTimeout: timeout, busyPollInterval: .zero)
        do throws(HTTPError) {
            let tls = webhook.url.secure ? try TLSClientContext(caFile: webhook.caFile) : nil
            connection = HTTPClientConnection(address: webhook.url.address, configuration: configuration, tls: tls)
            setupError = nil
        } catch {
            connection = nil
            setupError = "\(error)"
        }
    }

    /// POSTs `body` as JSON and says what came of it. Errors name the host only: the URL's path
    /// and query may hold a secret.
    func post(_ body: [UInt8]) -> Attempt {
        guard let connection else { return .failed(setupError ?? "no connection", retryAfter: nil) }
        let request = HTTPRequest(
            method: "POST", target: webhook.url.target,
            headers: ["Content-Type": "application/json", "User-Agent": "tickwork"], body: body)
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try connection.send(request)
        } catch {
            return .failed(Self.describe(error, host: webhook.url), retryAfter: nil)
        }
        switch response.status {
        case 200..<300:
            return .delivered(status: response.status)
        case 429, 500..<600:
            let retryAfter = response.headers["Retry-After"].flatMap { Int64(Substring($0).trimmingASCIIWhitespace()) }
            return .failed("HTTP \(response.status)", retryAfter: retryAfter.map { .seconds(max(0, $0)) })
        default:
            return .refused(status: response.status)
        }
    }

    func close() { connection?.close() }

    /// `error` in words that name `url`'s host, never its path.
    static func describe(_ error: HTTPError, host url: WebhookURL) -> String {
        switch error {
        case .couldNotConnect(_, let reason): "could not connect to \(url.redacted): \(reason)"
        case .tlsHandshakeFailed(_, let reason): "TLS handshake with \(url.redacted) failed: \(reason)"
        case .certificateRejected(_, let reason): "certificate of \(url.redacted) rejected: \(reason)"
        case .invalidAddress(_, let reason): "invalid address \(url.redacted): \(reason)"
        default: "\(error)"
        }
    }
}
