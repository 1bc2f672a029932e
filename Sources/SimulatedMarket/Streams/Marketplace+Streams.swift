import MatchingEngine
@_spi(Host) import StrategyKit
import Wire

extension Marketplace {
    /// Adds a subscriber to `topic` under the marketplace's lock, after the streams' view of
    /// every book is brought up to now (so that its first message is a real change); nil when
    /// the topic names a venue or stock the exchange does not list, or Alpaca's streams on an
    /// exchange that does not serve Alpaca.
    func subscribe(
        _ topic: StreamHub.Topic, send: @escaping StreamSend, dropped: @escaping @Sendable () -> Void
    ) -> StreamSubscription? {
        state.withLock { state in
            switch topic {
            case let .tickertape(venue, symbol), let .executions(_, venue, symbol):
                guard let listing = state.listings[venue], symbol.map(listing.exchange.lists) ?? true else { return nil }
            case .alpacaData, .tradeUpdates:
                guard state.alpaca != nil else { return nil }
            }
            let time = state.now()
            for venue in state.listings.keys { state.listings[venue]!.catchUpStreams(at: time) }
            return StreamSubscription(hub: streams, id: streams.add(topic, send: send, dropped: dropped))
        }
    }
}

extension Marketplace.Listing {
    /// Records a batch of match events on the venue: into its tape and, when anyone listens, to
    /// the streams, once, after the state changed, at the batch's time: StockFighter's executions
    /// (one message per order of the trade, to its account), the tickertape of each stock whose
    /// quote changed, and Alpaca's trades (`t`) and quotes (`q`, a top of book that moved), after
    /// the bars of the minutes that ended before it (`b`).
    /// Nobody listening, this is the tape's record alone.
    mutating func record(_ events: [MatchEvent], symbol known: Symbol?, at time: Timestamp) {
        guard streams.isActive, !events.isEmpty else {
            tape.record(events, on: exchange, symbol: known, at: time)
            return
        }
        publishClosedBars(at: time)
        let prints = tape.record(events, on: exchange, symbol: known, at: time, keepingPrints: true)
        publishExecutions(events)
        var items: [(channel: AlpacaDataChannels.Channel, symbol: Symbol, bytes: [UInt8])] = []
        if carriesAlpacaData {
            for (symbol, print) in prints {
                var json = JSONWriter(capacity: 160, style: .shortEscapes)
                json.alpacaTrade(print, streamedAs: symbol)
                items.append((.trades, symbol, json.bytes))
            }
        }
        for symbol in known.map({ [$0] }) ?? exchange.symbols {
            guard let quote = exchange.quote(symbol, at: time) else { continue }
            let last = streamedQuotes.updateValue(quote, forKey: symbol)
            if let last, Self.sameQuote(last, quote) { continue }
            let venue = exchange.venue
            let wanted: (StreamHub.Topic) -> Bool = { $0 == .tickertape(venue, nil) || $0 == .tickertape(venue, symbol) }
            if streams.wants(wanted) {
                var json = JSONWriter(capacity: 320, style: .shortEscapes)
                json.tickertape(quote)
                streams.publish(json.bytes, to: wanted)
            }
            if carriesAlpacaData, last.map({ !Self.sameTop($0, quote) }) ?? true {
                var json = JSONWriter(capacity: 200, style: .shortEscapes)
                json.alpacaQuote(quote, streamed: true)
                items.append((.quotes, symbol, json.bytes))
            }
        }
        Self.publishAlpacaData(items, to: streams)
    }

    /// Streams the minute bars that closed since the last call (`b`): each bot step
    /// (`Marketplace.stepBots`, on its timer or called) and each batch of match events sends the
    /// bars of the minutes that ended before it.
    mutating func publishClosedBars(at time: Timestamp) {
        let minute = time.startOfPeriod(nanoseconds: TradeTape.nanosecondsPerMinute).nanoseconds
        guard carriesAlpacaData, minute > streamedBarStart else { return }
        defer { streamedBarStart = minute }
        guard streams.isActive else { return }
        var items: [(channel: AlpacaDataChannels.Channel, symbol: Symbol, bytes: [UInt8])] = []
        for symbol in exchange.symbols {
            for bar in tape.minuteBars[symbol] ?? [] where bar.start >= streamedBarStart && bar.start < minute {
                var json = JSONWriter(capacity: 200, style: .shortEscapes)
                json.alpacaBar(bar, streamedAs: symbol)
                items.append((.bars, symbol, json.bytes))
            }
        }
        Self.publishAlpacaData(items, to: streams)
    }

    /// Brings the streams' view of the books up to `time` before a subscriber joins: the quotes
    /// as they stand and, for the first subscriber, bars from the current minute on (the mark
    /// may be stale from before, when nobody listened).
    mutating func catchUpStreams(at time: Timestamp) {
        for symbol in exchange.symbols { streamedQuotes[symbol] = exchange.quote(symbol, at: time) }
        if !streams.isActive {
            streamedBarStart = time.startOfPeriod(nanoseconds: TradeTape.nanosecondsPerMinute).nanoseconds
        }
    }

    /// One execution message per order of each trade among `events`, to its account's
    /// subscribers: the order as of after that fill (the last fill of an order in the batch shows
    /// it as the batch left it, e.g. an IOC's unfilled rest already cancelled). An order the
    /// books have forgotten already (the retention) has no message.
    private func publishExecutions(_ events: [MatchEvent]) {
        var fillsInBatch: [OrderID: Int] = [:]
        for case .fill(let trade) in events {
            fillsInBatch[trade.standing, default: 0] += 1
            fillsInBatch[trade.incoming, default: 0] += 1
        }
        var fillsSeen: [OrderID: Int] = [:]
        let venue = exchange.venue
        for case .fill(let trade) in events {
            for id in [trade.standing, trade.incoming] {
                fillsSeen[id, default: 0] += 1
                guard let status = exchange.status(id) else { continue }
                let account = status.account, symbol = status.symbol
                let wanted: (StreamHub.Topic) -> Bool = {
                    $0 == .executions(account, venue, nil) || $0 == .executions(account, venue, symbol)
                }
                guard streams.wants(wanted) else { continue }
                let later = fillsInBatch[id]! - fillsSeen[id]!
                var json = JSONWriter(capacity: 640, style: .shortEscapes)
                json.execution(later == 0 ? status : Self.status(status, beforeLast: later), trade)
                streams.publish(json.bytes, to: wanted)
            }
        }
    }

    /// `status` as it stood before its last `count` fills: still open, for the shares not filled.
    private static func status(_ status: OrderStatus, beforeLast count: Int) -> OrderStatus {
        var earlier = status
        earlier.fills.removeLast(min(count, earlier.fills.count))
        earlier.totalFilled = earlier.fills.reduce(.zero) { $0 + $1.qty }
        earlier.qty = earlier.originalQty - earlier.totalFilled
        earlier.open = true
        return earlier
    }

    /// Sends each Alpaca market-data subscriber the items its channels carry, as one array.
    private static func publishAlpacaData(
        _ items: [(channel: AlpacaDataChannels.Channel, symbol: Symbol, bytes: [UInt8])], to streams: StreamHub
    ) {
        guard !items.isEmpty else { return }
        streams.publishAlpacaData { channels in
            let carried = items.filter { channels.carries($0.channel, $0.symbol) }
            guard !carried.isEmpty else { return nil }
            var message: [UInt8] = [UInt8(ascii: "[")]
            for (index, item) in carried.enumerated() {
                if index > 0 { message.append(UInt8(ascii: ",")) }
                message.append(contentsOf: item.bytes)
            }
            message.append(UInt8(ascii: "]"))
            return message
        }
    }

    /// Whether two quotes are the same but for their time.
    private static func sameQuote(_ old: Quote, _ new: Quote) -> Bool {
        var old = old
        old.quoteTime = new.quoteTime
        return old == new
    }

    /// Whether two quotes have the same best bid and ask, and sizes.
    private static func sameTop(_ old: Quote, _ new: Quote) -> Bool {
        old.bid == new.bid && old.ask == new.ask && old.bidSize == new.bidSize && old.askSize == new.askSize
    }
}
