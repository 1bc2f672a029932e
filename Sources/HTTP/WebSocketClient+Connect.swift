import Lifecycle

extension WebSocketClient {
    /// Opens a connection as `init` does, but with the blocking connect, TLS handshake and upgrade
    /// on a thread of their own rather than the caller's: an async caller's thread (an engine's
    /// one executor thread, the task pool) goes on with other work while a far or unreachable
    /// host takes up to `connectTimeout` to answer. Throws what `init` throws.
    public static func connect(
        url: WebSocketURL, headers: HTTPHeaders = HTTPHeaders(), tls: TLSClientContext? = nil,
        configuration: WebSocketClientConfiguration = WebSocketClientConfiguration(),
        onEvent: @escaping @Sendable (Event) -> Void
    ) async throws(WebSocketClientError) -> WebSocketClient {
        let opened = await withCheckedContinuation { (done: CheckedContinuation<Result<WebSocketClient, WebSocketClientError>, Never>) in
            OSThread.detach(name: "websocket-open") {
                done.resume(returning: Result { () throws(WebSocketClientError) in
                    try WebSocketClient(url: url, headers: headers, tls: tls, configuration: configuration, onEvent: onEvent)
                })
            }
        }
        return try opened.get()
    }
}
