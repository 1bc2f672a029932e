import Lifecycle

extension WebSocketClient {
    /// Opens a connection as `init` does, but with the blocking connect, TLS handshake and upgrade
    /// on a thread of their own rather than the caller's: an async caller's thread (an engine's
    /// one executor thread, the task pool) goes on with other work while a far or unreachable
    /// host takes up to `connectTimeout` to answer. `opened` gets the client on that thread as
    /// soon as it is connected, before the caller resumes, which on a busy machine can be much
    /// later: for a first message that has a deadline (a sign-in). Throws what `init` throws.
    public static func connect(
        url: WebSocketURL, headers: HTTPHeaders = HTTPHeaders(), tls: TLSClientContext? = nil,
        configuration: WebSocketClientConfiguration = WebSocketClientConfiguration(),
        opened: @escaping @Sendable (WebSocketClient) -> Void = { _ in },
        onEvent: @escaping @Sendable (Event) -> Void
    ) async throws(WebSocketClientError) -> WebSocketClient {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<WebSocketClient, WebSocketClientError>, Never>) in
            OSThread.detach(name: "websocket-open") {
                let result = Result { () throws(WebSocketClientError) in
                    try WebSocketClient(url: url, headers: headers, tls: tls, configuration: configuration, onEvent: onEvent)
                }
                if case .success(let client) = result { opened(client) }
                done.resume(returning: result)
            }
        }
        return try result.get()
    }
}
