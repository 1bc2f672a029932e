import WebSocket

extension HTTPResponse {
    /// The answer to a WebSocket upgrade request: 101 with `Sec-WebSocket-Accept`, after which
    /// the server runs the connection as `start` says; or, when `request` is no valid upgrade
    /// (`WebSocketHandshake.checkUpgrade`), 400, or 426 with `Sec-WebSocket-Version: 13`. No
    /// extension or subprotocol is accepted.
    public static func webSocket(_ request: HTTPRequest, start: WebSocketServerStart) -> HTTPResponse {
        switch WebSocketHandshake.checkUpgrade(method: request.method, minorVersion: request.minorVersion, field: { request.headers[$0] }) {
        case .failure(let refusal):
            var headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]
            if refusal.status == 426 { headers.set(name: "Sec-WebSocket-Version", value: WebSocketHandshake.version) }
            return HTTPResponse(status: refusal.status, headers: headers, body: Array((refusal.reason + "\n").utf8))
        case .success(let key):
            var response = HTTPResponse(
                status: 101, headers: ["Upgrade": "websocket", "Sec-WebSocket-Accept": WebSocketHandshake.accept(forKey: key)])
            response.webSocket = start
            return response
        }
    }
}
