#if canImport(Glibc)
import Glibc
#endif
import WebSocket

extension WebSocketClient {
    /// Connects to `url`, over TLS with `tls` for a `wss` URL, sends the upgrade request (with
    /// `headers` added) and checks the 101 and its `Sec-WebSocket-Accept`; returns the socket and
    /// any bytes that came behind the 101 (the server's first frames).
    static func open(
        _ url: WebSocketURL, headers: HTTPHeaders, tls: TLSClientContext?, configuration: WebSocketClientConfiguration
    ) throws(WebSocketClientError) -> (socket: ClientSocket, early: [UInt8]) {
        let fd: Int32
        do throws(HTTPError) { fd = try Socket.connect(to: url.address, timeout: configuration.connectTimeout) } catch { throw .http(error) }
        Socket.setTimeouts(fd, .milliseconds(100))
        var session: TLSSession?
        do throws(HTTPError) {
            if url.secure {
                guard let tls else { throw .tlsSetupFailed("a wss URL needs a TLS client context") }
                let started = try TLSSession(fd: fd, host: url.address.host, context: tls, resuming: nil)
                session = started
                let deadline = Socket.monotonicNanoseconds() + configuration.connectTimeout.nanoseconds
                while try !started.handshake(address: url.address.description) {
                    guard Socket.monotonicNanoseconds() < deadline else { throw .timedOut(requestSent: false) }
                }
            }
        } catch {
            session = nil
            Glibc.close(fd)
            throw .http(error)
        }
        let socket = ClientSocket(fd: fd, session: session, context: tls)
        do throws(WebSocketClientError) {
            return (socket, try upgrade(socket, url, headers: headers, configuration: configuration))
        } catch {
            socket.close()
            throw error
        }
    }

    private static func upgrade(
        _ socket: ClientSocket, _ url: WebSocketURL, headers: HTTPHeaders, configuration: WebSocketClientConfiguration
    ) throws(WebSocketClientError) -> [UInt8] {
        let key = WebSocketHandshake.makeKey()
        var fields = headers
        fields.set(name: "Upgrade", value: "websocket")
        fields.set(name: "Connection", value: "Upgrade")
        fields.set(name: "Sec-WebSocket-Key", value: key)
        fields.set(name: "Sec-WebSocket-Version", value: WebSocketHandshake.version)
        var bytes: [UInt8] = []
        HTTPRequest(method: "GET", target: url.target, headers: fields).encode(into: &bytes, host: url.hostField)
        let deadline = Socket.monotonicNanoseconds() + configuration.connectTimeout.nanoseconds
        guard bytes.withUnsafeBytes({ socket.write($0, deadline: deadline) }) else { throw .http(.connectionLost(requestSent: false)) }
        var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxHeadBytes: 16 * 1024, maxBodyBytes: 64 * 1024))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var endOfStream = false
        while true {
            switch decoder.decode(buffer, requestMethod: "GET", endOfStream: endOfStream) {
            case .needMoreBytes:
                if endOfStream { throw .http(.connectionLost(requestSent: true)) }
            case let .response(response, consumed, _):
                try check(response, key: key)
                return Array(buffer[consumed...])
            case .invalid(let reason): throw .http(.malformedResponse(reason))
            case .tooLarge(let limit): throw .http(.tooLarge(limit: limit))
            }
            guard Socket.monotonicNanoseconds() < deadline else { throw .http(.timedOut(requestSent: true)) }
            switch chunk.withUnsafeMutableBytes({ socket.read(into: $0) }) {
            case .bytes(let count): buffer += chunk[0..<count]
            case .again: continue
            case .closed: endOfStream = true
            case .failed: throw .http(.connectionLost(requestSent: true))
            }
        }
    }

    private static func check(_ response: HTTPResponse, key: String) throws(WebSocketClientError) {
        guard response.status == 101 else {
            throw .refused(status: response.status, reason: response.reason, body: String(response.bodyText.prefix(200)))
        }
        guard let upgrade = response.headers["Upgrade"], WebSocketHandshake.hasToken(upgrade, "websocket") else {
            throw .invalidUpgrade("no Upgrade: websocket")
        }
        guard let connection = response.headers["Connection"], WebSocketHandshake.hasToken(connection, "upgrade") else {
            throw .invalidUpgrade("no Upgrade token in Connection")
        }
        guard response.headers["Sec-WebSocket-Accept"] == WebSocketHandshake.accept(forKey: key) else {
            throw .invalidUpgrade("Sec-WebSocket-Accept does not match the key sent")
        }
    }
}
