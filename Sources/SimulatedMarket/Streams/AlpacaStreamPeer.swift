import HTTP
import StrategyKit
import Synchronization

/// One client of the exchange's Alpaca streams (`AlpacaStreamRoutes`): its connection, the form
/// it reads (JSON, or MessagePack when its upgrade said `Content-Type: application/msgpack`), its
/// session and its subscription to the marketplace's messages.
final class AlpacaStreamPeer: Sendable {
    /// The protocol the connection speaks.
    enum Session: Sendable {
        case data(AlpacaDataStreamSession)
        case trading(AlpacaTradingStreamSession)
    }

    struct State: Sendable {
        var session: Session
        var subscription: StreamSubscription?
        /// The account whose connection count this connection holds (market data, once signed in).
        var counted: Account?
    }

    let connection: WebSocketConnection
    let messagePack: Bool
    /// Whether JSON goes out in binary frames (the trading stream, as Alpaca's paper stream).
    let binaryJSON: Bool
    /// The bytes past which the queue is near its drop: the 407 goes out there, once.
    let warningThreshold: Int
    let state: Mutex<State>
    private let warned = Atomic<Bool>(false)

    init(connection: WebSocketConnection, session: Session, sendBufferLimit: Int) {
        self.connection = connection
        messagePack = connection.request.headers["Content-Type"]?.lowercased().hasPrefix("application/msgpack") ?? false
        if case .trading = session { binaryJSON = true } else { binaryJSON = false }
        warningThreshold = sendBufferLimit - sendBufferLimit / 8
        state = Mutex(State(session: session))
    }

    /// Sends one of the exchange's JSON messages in the connection's form: text JSON on the
    /// market-data stream, binary JSON on the trading stream (as Alpaca's paper stream does),
    /// binary MessagePack when asked for. A client whose queue nears the bound is told, once,
    /// Alpaca's 407 `slow client` while it still fits; past the bound the server drops it (1008).
    /// False once the connection is gone.
    func send(_ json: [UInt8]) -> Bool {
        if connection.queuedByteCount + json.count > warningThreshold, !warned.exchange(true, ordering: .relaxed) {
            _ = write(Array(#"[{"T":"error","code":407,"msg":"slow client"}]"#.utf8))
        }
        return write(json)
    }

    private func write(_ json: [UInt8]) -> Bool {
        if messagePack {
            guard let packed = MessagePackWriter.transcode(json: json) else { return connection.isOpen }
            return connection.send(binary: packed)
        }
        if binaryJSON { return connection.send(binary: json) }
        return connection.send(text: String(decoding: json, as: UTF8.self))
    }
}
