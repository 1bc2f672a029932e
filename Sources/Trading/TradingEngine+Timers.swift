import StrategyKit

extension TradingEngine {
    /// When the engine next has something to do without a new event: the earliest strategy
    /// timer or end of a bar being built; nil when there is none. A driver posts
    /// `EngineEvent.timer` at that time (a backtest at exactly that simulated time), so timers
    /// fire at the same instants live and in a backtest.
    public var nextWakeUp: Timestamp? {
        // A backtest asks before every book; most engines have neither timers nor bars.
        guard mayWakeUp else { return nil }
        var earliest: Timestamp?
        for slot in slots {
            for timer in slot.timers where earliest.map({ timer.due < $0 }) ?? true { earliest = timer.due }
        }
        for builder in barBuilders {
            if let end = builder.current?.end, earliest.map({ end < $0 }) ?? true { earliest = end }
        }
        return earliest
    }

    /// Sets (or moves) strategy `index`'s timer `id` to `due`.
    func setTimer(_ id: TimerID, at due: Timestamp, slot index: Int) {
        cancelTimer(id, slot: index)
        slots[index].timers.append((id, due))
        timerCount += 1
    }

    /// Forgets strategy `index`'s timer `id`.
    func cancelTimer(_ id: TimerID, slot index: Int) {
        let before = slots[index].timers.count
        slots[index].timers.removeAll { $0.id == id }
        timerCount -= before - slots[index].timers.count
    }

    /// Closes the bars that ended by `now` and fires the timers due by then, earliest first (at
    /// one instant, in slot order, then in the order they were set). A timer set by a callback
    /// for `now` or earlier fires in the same pass.
    func fireTimers(at now: Timestamp, into actions: inout [EngineAction]) throws {
        for builder in barBuilders.indices {
            if let bar = barBuilders[builder].close(at: now) { try tell(bar, at: now, into: &actions) }
        }
        var fired = 0
        while !isStopped, fired < Self.maxTimersPerPass, let (index, timer) = nextDueTimer(by: now) {
            fired += 1
            cancelTimer(timer.id, slot: index)
            let intents = call(index, at: now) { $0.onTimer(timer.id, context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
    }

    /// The most timers one pass fires: a strategy that sets a timer for now from `onTimer`
    /// would otherwise keep the engine in the pass for ever.
    static var maxTimersPerPass: Int { 1_000 }

    private func nextDueTimer(by now: Timestamp) -> (Int, (id: TimerID, due: Timestamp))? {
        var next: (Int, (id: TimerID, due: Timestamp))?
        for index in slots.indices {
            for timer in slots[index].timers where timer.due <= now && (next.map { timer.due < $0.1.due } ?? true) {
                next = (index, timer)
            }
        }
        return next
    }
}
