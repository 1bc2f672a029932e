import Brokerage
import HTTP
import StrategyKit
import Synchronization
import WebSocket
import Wire

/// `AlpacaBroker`'s push stream: two connections as one `BrokerStream`. The market-data stream
/// (`auth` on its greeting, then `subscribe` to the symbols' quotes and trades) gives `book` and
/// `trade`; the trading stream (`auth`, then `listen` to `trade_updates`) gives each update's
/// order, turned into an `OrderStatus` by the broker (its fills from the fill activities), in the
/// order they came. Both connections' events go through one `StreamDelivery`, one at a time;
/// either connection ending ends both, and `closed` comes once, last, after the order updates
/// already received. `connect` returns once both are signed in and
/// subscribed, and throws otherwise (an auth refusal, 402 or `unauthorized`, as `rejected`), so
/// that the runner backs off rather than trusting a stream that is about to end.
final class AlpacaBrokerStream: BrokerStream {
    private struct State {
        var clients: [WebSocketClient] = []
        /// Whether the market-data stream has greeted (`connected`): its sign-in is sent then, by
        /// whichever comes second of the greeting and the client's registration.
        var greeted = false
        /// Why the stream ended, once it has.
        var ended: String?
        /// Whether the market data is subscribed and the trading stream listening.
        var subscribed = false
        var listening = false
        /// `connect`'s wait for both, resumed with nil once ready or with why not.
        var waiter: CheckedContinuation<String?, Never>?
        var opened = false
    }

    /// How long the two connections may take to sign in and subscribe.
    static let readyTimeout: Duration = .seconds(10)

    private let venue: Venue
    private let symbols: [Symbol]
    private let credentials: AlpacaCredentials
    private let delivery: StreamDelivery
    private let state = Mutex(State())
    /// The trading stream's order updates and the end, in order, for the one task that reports them.
    private let updates: AsyncStream<Item>.Continuation
    private let reporter: Task<Void, Never>

    private enum Item {
        case update(AlpacaOrder)
        case end(String)
    }

    init(
        venue: Venue, symbols: [Symbol], credentials: AlpacaCredentials, status: @escaping @Sendable (AlpacaOrder) async -> OrderStatus?,
        onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) {
        self.venue = venue
        self.symbols = symbols
        self.credentials = credentials
        let delivery = StreamDelivery(onEvent)
        self.delivery = delivery
        let (stream, continuation) = AsyncStream<Item>.makeStream()
        updates = continuation
        reporter = Task {
            for await item in stream {
                switch item {
                case .update(let order):
                    if let status = await status(order) { delivery.deliver(.order(status)) }
                case .end(let reason):
                    delivery.deliver(.closed(reason: reason))
                    return
                }
            }
        }
    }

    /// Connects both streams (each on a thread of its own, `WebSocketClient.connect`, never the
    /// caller's) and waits until they are signed in and subscribed; throws why not (having
    /// closed both): `rejected` for an auth refusal, `notActedOn` otherwise.
    func connect(_ endpoints: AlpacaStreamEndpoints) async throws(BrokerError) {
        do {
            let tls = endpoints.marketData.secure || endpoints.trading.secure ? try TLSClientContext(caFile: endpoints.caFile) : nil
            _ = try await WebSocketClient.connect(
                url: endpoints.marketData, tls: tls, opened: { [weak self] in self?.register($0, signsInAtOnce: false) }
            ) { [weak self] in self?.receiveData($0) }
            _ = try await WebSocketClient.connect(
                url: endpoints.trading, tls: tls, opened: { [weak self] in self?.register($0, signsInAtOnce: true) }
            ) { [weak self] in self?.receiveTrading($0) }
        } catch {
            end("could not connect")
            throw .notActedOn("alpaca stream: \(error)")
        }
        let timeout = Task { [weak self] in
            guard (try? await Task.sleep(for: Self.readyTimeout)) != nil else { return }
            self?.end("not signed in and subscribed within \(Self.readyTimeout)")
        }
        defer { timeout.cancel() }
        let failure = await withCheckedContinuation { (waiter: CheckedContinuation<String?, Never>) in
            let now: String?? = state.withLock { state in
                if let reason = state.ended { return .some("alpaca stream: \(reason)") }
                if state.subscribed && state.listening { return .some(nil) }
                state.waiter = waiter
                return nil
            }
            if let now { waiter.resume(returning: now) }
        }
        if let failure {
            throw failure.contains("auth") || failure.contains("unauthorized") ? .rejected(failure) : .notActedOn(failure)
        }
    }

    /// Keeps a client as it opens, on its opening thread (the market-data one first): the
    /// trading stream signs in at once, the market-data stream once it has greeted (whichever
    /// comes second of the greeting and this), both within the server's sign-in deadline however
    /// late `connect` resumes. A client opened after the stream ended is closed.
    private func register(_ client: WebSocketClient, signsInAtOnce: Bool) {
        let (ended, signIn) = state.withLock { state in
            state.clients.append(client)
            return (state.ended != nil, signsInAtOnce || state.greeted)
        }
        if ended {
            client.close()
        } else if signIn {
            client.send(text: authMessage())
        }
    }

    /// Notes that one side is ready, and lets `connect` return once both are.
    private func ready(subscribed: Bool = false, listening: Bool = false) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            state.subscribed = state.subscribed || subscribed
            state.listening = state.listening || listening
            guard state.subscribed && state.listening, let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.opened = true
            return waiter
        }
        waiter?.resume(returning: nil)
    }

    func close() { end("closed by the client") }

    /// Ends both connections once: a stream that had opened reports `closed` with `reason`
    /// after its order updates; one still opening makes `connect` throw it instead.
    private func end(_ reason: String) {
        let ending = state.withLock { state -> (clients: [WebSocketClient], waiter: CheckedContinuation<String?, Never>?, opened: Bool)? in
            guard state.ended == nil else { return nil }
            state.ended = reason
            defer { state.waiter = nil }
            return (state.clients, state.waiter, state.opened || (state.subscribed && state.listening))
        }
        guard let ending else { return }
        for client in ending.clients { client.close() }
        ending.waiter?.resume(returning: "alpaca stream: \(reason)")
        if ending.opened { updates.yield(.end(reason)) }
        updates.finish()
    }

    private var ended: Bool { state.withLock { $0.ended != nil } }

    private func receiveData(_ event: WebSocketClient.Event) {
        switch event {
        case .closed(let code, let reason):
            end("market-data stream closed (\(code.rawValue)\(reason.isEmpty ? "" : ": \(reason)"))")
        case .message(let message):
            let messages: [AlpacaMarketDataMessage]
            do {
                messages = try AlpacaMarketDataMessage.decode(message.bytes, venue: venue, receivedAt: WallClock.now())
            } catch {
                end("market-data stream sent what is not Alpaca's: \(error)")
                return
            }
            for message in messages where !ended {
                switch message {
                case .success("connected"):
                    let data = state.withLock { state in
                        state.greeted = true
                        return state.clients.first
                    }
                    data?.send(text: authMessage())
                    delivery.deliver(.alive)
                case .success("authenticated"):
                    send(subscribeMessage(), on: 0)
                    delivery.deliver(.alive)
                case .subscription:
                    ready(subscribed: true)
                    delivery.deliver(.alive)
                case .success, .bar, .other:
                    delivery.deliver(.alive)
                case .error(402, let text):
                    end("market-data stream: auth failed (402 \(text)): check the key id and secret")
                case .error(403, _):
                    delivery.deliver(.alive)
                case .error(let code, let text):
                    end("market-data stream: error \(code) \(text)")
                case .trade(let trade):
                    delivery.deliver(.trade(trade))
                case .quote(let book):
                    delivery.deliver(.book(book))
                }
            }
        }
    }

    private func receiveTrading(_ event: WebSocketClient.Event) {
        switch event {
        case .closed(let code, let reason):
            end("trading stream closed (\(code.rawValue)\(reason.isEmpty ? "" : ": \(reason)"))")
        case .message(let message):
            guard !ended else { return }
            switch try? AlpacaTradeUpdateMessage.decode(message.bytes) {
            case .authorization(authorized: true):
                send(#"{"action":"listen","data":{"streams":["trade_updates"]}}"#, on: 1)
                delivery.deliver(.alive)
            case .authorization(authorized: false):
                end("trading stream: unauthorized: check the key id and secret")
            case .tradeUpdate(let update):
                updates.yield(.update(update.order))
            case .listening(let streams):
                if streams.contains("trade_updates") { ready(listening: true) }
                delivery.deliver(.alive)
            case .other:
                delivery.deliver(.alive)
            case nil:
                end("trading stream sent what is not Alpaca's")
            }
        }
    }

    private func send(_ text: String, on index: Int) {
        let client = state.withLock { $0.clients.indices.contains(index) ? $0.clients[index] : nil }
        client?.send(text: text)
    }

    /// `{"action":"auth","key":..,"secret":..}`, from the REST client's credentials.
    private func authMessage() -> String {
        var json = JSONWriter(capacity: 128, style: .shortEscapes)
        json.raw("{\"action\":\"auth\",\"key\":")
        json.string(credentials.keyID.secret)
        json.raw(",\"secret\":")
        json.string(credentials.secret.secret)
        json.raw("}")
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"action":"subscribe","trades":[...],"quotes":[...]}` for the symbols.
    private func subscribeMessage() -> String {
        var json = JSONWriter(capacity: 128, style: .shortEscapes)
        func names() {
            for (position, symbol) in symbols.enumerated() {
                if position > 0 { json.raw(",") }
                json.string(symbol.rawValue)
            }
        }
        json.raw("{\"action\":\"subscribe\",\"trades\":[")
        names()
        json.raw("],\"quotes\":[")
        names()
        json.raw("]}")
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
