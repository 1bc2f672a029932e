import Dispatch
import HTTP
import StrategyKit
import Synchronization
import WebSocket
import Wire

/// Alpaca's streams over the exchange's WebSocket server: market data at `/v2/iex` and
/// `/v2/sip` (`AlpacaDataStreamSession`), the account's `trade_updates` at `/stream`
/// (`AlpacaTradingStreamSession`), each connection subscribed to the marketplace's messages once
/// its session says so. Market data is JSON, or MessagePack both ways for a client whose upgrade
/// asked for it; a key signed in on more market-data connections than
/// `AlpacaConfiguration.streamConnectionLimit` is answered 406 `connection limit exceeded` and
/// closed, as Alpaca answers a second connection on its free plan.
final class AlpacaStreamRoutes: Sendable {
    private let marketplace: Marketplace
    private let start = Mutex<WebSocketServerStart?>(nil)
    private let peers = Mutex<[ObjectIdentifier: AlpacaStreamPeer]>([:])
    private let connections = Mutex<[Account: Int]>([:])
    let limits: WebSocketLimits

    init(marketplace: Marketplace, limits: WebSocketLimits) {
        self.marketplace = marketplace
        self.limits = limits
    }

    /// Whether `path` is one of the streams' paths.
    static func serves(_ path: Substring) -> Bool {
        AlpacaDataStreamSession.paths.contains(String(path)) || path == AlpacaTradingStreamSession.path
    }

    /// The upgrade's answer (101, or 400/426 for a request that is no upgrade).
    func respond(to request: HTTPRequest) -> HTTPResponse {
        .webSocket(request, start: webSocketStart())
    }

    /// The one start every stream connection runs on (so its `slowReadersDropped` counts them all).
    func webSocketStart() -> WebSocketServerStart {
        start.withLock { start in
            if let start { return start }
            let made = WebSocketServerStart(
                limits: limits, open: { [weak self] in self?.open($0) }, message: { [weak self] in self?.receive($1, on: $0) },
                closed: { [weak self] connection, _, _ in self?.close(connection) })
            start = made
            return made
        }
    }

    private func open(_ connection: WebSocketConnection) {
        let session: AlpacaStreamPeer.Session
        if connection.request.path == AlpacaTradingStreamSession.path {
            session = .trading(marketplace.alpacaTradingSession())
        } else {
            session = .data(marketplace.alpacaDataSession(openedAt: WallClock.now()))
        }
        let peer = AlpacaStreamPeer(connection: connection, session: session, sendBufferLimit: limits.sendBufferLimit)
        peers.withLock { $0[ObjectIdentifier(connection)] = peer }
        guard case .data(let data) = session else { return }
        deliver(data.greeting(), to: peer)
        let deadline = DispatchTime.now() + .nanoseconds(Int(AlpacaDataStreamSession.authTimeoutNanoseconds))
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self, weak peer] in
            guard let self, let peer else { return }
            self.enforceSignIn(peer)
        }
    }

    /// Answers 404 `auth timeout` and closes a market-data connection still not signed in once
    /// its time is up, whether or not the client has sent anything since.
    private func enforceSignIn(_ peer: AlpacaStreamPeer) {
        let reply = peer.state.withLock { state -> StreamReply in
            guard case .data(let session) = state.session else { return StreamReply() }
            return session.tick(at: WallClock.now())
        }
        deliver(reply, to: peer)
    }

    private func receive(_ message: WebSocketMessage, on connection: WebSocketConnection) {
        guard let peer = peers.withLock({ $0[ObjectIdentifier(connection)] }) else { return }
        var bytes = message.bytes
        if peer.messagePack { bytes = MessagePackReader.json(from: bytes) ?? [] }
        let (reply, signedIn) = peer.state.withLock { state -> (StreamReply, Account?) in
            switch state.session {
            case .data(var session):
                let before = session.account
                let reply = session.receive(bytes, at: WallClock.now())
                state.session = .data(session)
                return (reply, before == nil ? session.account : nil)
            case .trading(var session):
                let reply = session.receive(bytes)
                state.session = .trading(session)
                return (reply, nil)
            }
        }
        if let signedIn, !admit(signedIn, peer) {
            deliver(AlpacaDataStreamSession.failure(406, "connection limit exceeded", close: true), to: peer)
            return
        }
        deliver(reply, to: peer)
        guard !reply.close else { return }
        subscribe(peer)
    }

    /// Counts a new market-data connection of `account`; false past the limit.
    private func admit(_ account: Account, _ peer: AlpacaStreamPeer) -> Bool {
        let limit = marketplace.alpacaStreamConnectionLimit
        let admitted = connections.withLock { counts in
            guard counts[account, default: 0] < limit else { return false }
            counts[account, default: 0] += 1
            return true
        }
        if admitted { peer.state.withLock { $0.counted = account } }
        return admitted
    }

    /// Brings the peer's subscription in line with its session: market data once signed in (with
    /// the session's channels), `trade_updates` while listening.
    private func subscribe(_ peer: AlpacaStreamPeer) {
        let (session, subscription) = peer.state.withLock { ($0.session, $0.subscription) }
        let send: StreamSend = { [weak peer] bytes in peer?.send(bytes) ?? false }
        let dropped: @Sendable () -> Void = { [weak peer] in peer?.connection.close(code: .goingAway, reason: "stream dropped") }
        switch session {
        case .data(let data):
            guard data.account != nil else { return }
            let current = subscription ?? marketplace.subscribe(.alpacaData, send: send, dropped: dropped)
            current?.update(data.channels)
            if subscription == nil { peer.state.withLock { $0.subscription = current } }
        case .trading(let trading):
            switch (trading.listening, subscription) {
            case (let account?, nil):
                let made = marketplace.subscribe(.tradeUpdates(account), send: send, dropped: dropped)
                peer.state.withLock { $0.subscription = made }
            case (nil, let current?):
                current.end()
                peer.state.withLock { $0.subscription = nil }
            default:
                break
            }
        }
    }

    private func deliver(_ reply: StreamReply, to peer: AlpacaStreamPeer) {
        for message in reply.messages { _ = peer.send(message) }
        if reply.close { peer.connection.close(code: .normal, reason: "") }
    }

    private func close(_ connection: WebSocketConnection) {
        guard let peer = peers.withLock({ $0.removeValue(forKey: ObjectIdentifier(connection)) }) else { return }
        let (subscription, counted) = peer.state.withLock { ($0.subscription, $0.counted) }
        subscription?.end()
        if let counted { connections.withLock { $0[counted, default: 1] -= 1 } }
    }

    /// The stream connections open now.
    var peerCount: Int { peers.withLock { $0.count } }

    /// The bytes queued for every stream connection now: at most `limits.sendBufferLimit` each.
    var queuedBytes: Int { peers.withLock { $0.values.reduce(0) { $0 + $1.connection.queuedByteCount } } }
}
