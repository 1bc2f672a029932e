import StrategyKit

extension TradingEngine {
    /// Whether strategy `index`'s subscription asks for `view` (see `MarketDataSubscription`);
    /// remembers what it compared for the next book.
    func wantsBook(_ view: BookView, slot index: Int) -> Bool {
        switch slots[index].books {
        case .every?:
            return true
        case nil:
            return false
        case .quotes?:
            refreshSlots()
            let touch = view.touch(excluding: slots[index].context!.openOrders)
            let changed = slots[index].seenChanges != changes
            slots[index].seenChanges = changes
            guard let at = slots[index].lastQuotes.firstIndex(where: { $0.symbol == view.symbol }) else {
                slots[index].lastQuotes.append((view.symbol, touch))
                return true
            }
            if slots[index].lastQuotes[at].touch == touch { return changed }
            slots[index].lastQuotes[at].touch = touch
            return true
        case .levels(let depth)?:
            let levels = BookLevel.top(depth, of: view.shown)
            guard let at = slots[index].lastLevels.firstIndex(where: { $0.symbol == view.symbol }) else {
                slots[index].lastLevels.append((view.symbol, levels))
                return true
            }
            if slots[index].lastLevels[at].levels == levels { return false }
            slots[index].lastLevels[at].levels = levels
            return true
        }
    }

    /// A venue's trade: told to the strategies of its symbol that subscribed to trades (as
    /// theirs when it matches one of their fills), and added to the symbol's bars, which may
    /// close one.
    func react(to trade: Trade, into actions: inout [EngineAction]) throws {
        try triggerEmulatedOrders(on: trade, into: &actions)
        for index in slots.indices where slots[index].data.trades && slots[index].symbols.contains(trade.symbol) && !isStopped {
            var told = trade
            told.isOurs = recentFills.contains {
                $0.strategyID == slots[index].id && $0.symbol == trade.symbol && $0.price == trade.price && $0.qty == trade.qty && $0.time == trade.time
            }
            let intents = call(index, at: trade.time) { $0.onTrade(told, context: $1) }
            try process(intents, from: index, at: trade.time, depth: 0, into: &actions)
        }
        for builder in barBuilders.indices where barBuilders[builder].symbol == trade.symbol {
            if let bar = barBuilders[builder].add(trade) { try tell(bar, at: trade.time, into: &actions) }
        }
    }

    /// The market's session: every context says it; a change of open or closed is told to
    /// every strategy.
    func react(to session: MarketSession, at now: Timestamp, into actions: inout [EngineAction]) throws {
        let wasOpen = self.session.isOpen
        self.session = session
        for index in slots.indices { slots[index].context!.session = session }
        guard session.isOpen != wasOpen else { return }
        let event: SessionEvent = session.isOpen ? .opened(closes: session.nextClose ?? now) : .closed(opens: session.nextOpen)
        logger.info(session.isOpen ? "market open" : "market closed", [:])
        for index in slots.indices where !isStopped {
            let intents = call(index, at: now) { $0.onSession(event, context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
    }

    /// A company's new filing: told to the strategies of its symbol that subscribed to filings;
    /// their intents pass the risk checks like any others.
    func react(to filing: Filing, at now: Timestamp, into actions: inout [EngineAction]) throws {
        for index in slots.indices where slots[index].data.filings && slots[index].symbols.contains(filing.symbol) && !isStopped {
            let intents = call(index, at: now) { $0.onFiling(filing, context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
    }

    /// Tells `bar` to the strategies of its symbol subscribed to its timeframe.
    func tell(_ bar: Bar, at now: Timestamp, into actions: inout [EngineAction]) throws {
        for index in slots.indices
        where slots[index].symbols.contains(bar.symbol) && slots[index].data.bars.contains(bar.timeframe) && !isStopped {
            let intents = call(index, at: now) { $0.onBar(bar, context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
    }

    /// One builder per symbol and timeframe the strategies subscribed to, in slot order; those
    /// in `kept` that are still wanted carry on with the bar they were building.
    static func barBuilders(for slots: [StrategySlot], keeping kept: [BarBuilder] = []) -> [BarBuilder] {
        var builders: [BarBuilder] = []
        for slot in slots {
            for symbol in slot.symbols.sorted() {
                for timeframe in slot.data.bars
                where !builders.contains(where: { $0.symbol == symbol && $0.timeframe == timeframe }) {
                    builders.append(
                        kept.first { $0.symbol == symbol && $0.timeframe == timeframe }
                            ?? BarBuilder(symbol: symbol, timeframe: timeframe))
                }
            }
        }
        return builders
    }
}

extension TradingEngine {
    /// Every symbol some strategy hears the trades of, or bars built from them: the symbols a
    /// live driver polls the last trade of.
    public var symbolsWantingTrades: Set<Symbol> {
        slots.reduce(into: []) { symbols, slot in
            if slot.data.trades || !slot.data.bars.isEmpty { symbols.formUnion(slot.symbols) }
        }
    }

    /// Every symbol some strategy hears the filings of: the companies a live driver polls EDGAR
    /// for.
    public var symbolsWantingFilings: Set<Symbol> {
        slots.reduce(into: []) { symbols, slot in
            if slot.data.filings { symbols.formUnion(slot.symbols) }
        }
    }
}
