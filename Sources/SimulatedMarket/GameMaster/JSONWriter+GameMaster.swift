import Wire

extension JSONWriter {
    /// `verdict` as an object with `LevelVerdict`'s coding keys (a figure that is nil is left
    /// out), so that a client decodes it as `LevelVerdict`.
    mutating func levelVerdict(_ verdict: LevelVerdict) {
        raw(#"{"level":"#)
        string(verdict.level)
        raw(#","outcome":"#)
        string(verdict.outcome.rawValue)
        raw(#","reason":"#)
        string(verdict.reason)
        raw(#","positionShares":"#)
        int(verdict.positionShares)
        raw(#","boughtShares":"#)
        int(verdict.boughtShares)
        raw(#","soldShares":"#)
        int(verdict.soldShares)
        if let cents = verdict.averageBuyPriceCents {
            raw(#","averageBuyPriceCents":"#)
            int(cents)
        }
        if let cents = verdict.targetPriceCents {
            raw(#","targetPriceCents":"#)
            int(cents)
        }
        raw(#","cashCents":"#)
        int(verdict.cashCents)
        if let cents = verdict.markCents {
            raw(#","markCents":"#)
            int(cents)
        }
        raw(#","profitCents":"#)
        int(verdict.profitCents)
        raw(#","largestPositionShares":"#)
        int(verdict.largestPositionShares)
        raw(#","fills":"#)
        int(Int64(verdict.fills))
        raw("}")
    }
}
