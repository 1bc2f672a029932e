import StrategyKit

extension BlockBuyer {
    /// The price and size of the slice to place now, or nil when none may be: the other side is
    /// empty or beyond the cap, or the touch, the target or the schedule leaves no room.
    func nextSlice(_ book: BookSnapshot, done: Quantity, working: Quantity, now: Timestamp) -> (Price, Quantity)? {
        guard let price = side == .buy ? book.bestAsk : book.bestBid else { return nil }
        if let priceCap {
            guard side == .buy ? price <= priceCap : price >= priceCap else { return nil }
        }
        let touch = book.size(atBest: side.opposite)
        var qty = min(maxSlice, Quantity(shares: touch.shares * touchFractionBps / 10_000), target - done - working)
        if let allowed = scheduled(now: now) {
            qty = min(qty, allowed + maxSlice - done - working)
        }
        guard qty > .zero else { return nil }
        return (price, qty)
    }

    /// Where a linear schedule from the start to the target says the strategy should be by
    /// `now`; nil when there is no pacing.
    func scheduled(now: Timestamp) -> Quantity? {
        guard durationMs > 0, let start = scheduleStart else { return nil }
        let elapsedMs = min(max(now.nanoseconds(since: start.time) / 1_000_000, 0), durationMs)
        let rest = max(target - start.done, .zero)
        return start.done + Quantity(shares: rest.shares * elapsedMs / durationMs)
    }

    /// Cancels for the acknowledged slices that have rested `staleMs` or longer, once; again
    /// only if a slice is still open `staleMs` after its cancel was sent (the context does not
    /// say when a cancel failed, and the engine drops a repeat while the first is in flight).
    func cancelStale(_ slices: [OpenOrder], now: Timestamp) -> [Intent] {
        var intents: [Intent] = []
        for slice in slices {
            guard let id = slice.id, let since = cancelling[id] ?? placedAt[slice.request.tag],
                  now.nanoseconds(since: since) >= staleNanoseconds
            else { continue }
            cancelling[id] = now
            intents.append(.cancel(id))
        }
        return intents
    }

    /// Drops what is remembered about slices no longer open, and starts the clock on open ones
    /// this instance did not place (left from before a restart).
    func forgetClosed(_ slices: [OpenOrder], now: Timestamp) {
        let ids = Set(slices.compactMap(\.id))
        cancelling = cancelling.filter { ids.contains($0.key) }
        let tags = Set(slices.map(\.request.tag))
        placedAt = placedAt.filter { tags.contains($0.key) }
        for tag in tags where placedAt[tag] == nil {
            placedAt[tag] = now
        }
    }
}
