import Recording
import StrategyKit

extension ReplayVenue {
    /// Why an order arriving now is refused, as Alpaca refuses it outside its session; nil when
    /// it may trade: there is no session, or it is within the regular session, or it is an
    /// extended-hours order (the venue takes them, and it is a limit day order, as Alpaca's
    /// `extended_hours` needs) within the extended hours. The code is the live broker's
    /// (`AlpacaBroker`): `MARKET_CLOSED`.
    func sessionRefusal(of order: OrderRequest) -> String? {
        guard let session else { return nil }
        let extended = takesExtendedHours(order)
        if works(extendedHours: extended) { return nil }
        let when = now < session.open ? "until \(session.open)" : "since \(session.close)"
        let hint = configuration.extendedHours
            ? (extended ? "outside the extended hours too" : "only limit day orders trade in the extended hours")
            : "the venue takes no extended-hours orders"
        return "MARKET_CLOSED: the market is closed \(when) (session of \(session.date)); \(hint)"
    }

    /// Whether an order trades now: within the regular session, or, an extended-hours order,
    /// within the extended hours; always without a session.
    func works(extendedHours: Bool) -> Bool {
        guard let session else { return true }
        if now >= session.open && now < session.close { return true }
        return extendedHours && now >= session.extendedOpen ?? session.open && now < session.extendedClose ?? session.close
    }

    /// Whether `order` goes out as an extended-hours order: the venue takes them, and it is a
    /// limit day order (the only kind Alpaca's `extended_hours` applies to).
    func takesExtendedHours(_ order: OrderRequest) -> Bool {
        configuration.extendedHours && order.type == .limit && order.trigger == nil && order.timeInForce == .day
    }

    /// Expires the day orders (and the opening and closing auctions' orders) still open at the
    /// session's close (at the end of the extended hours, with `extendedToo`, also the
    /// extended-hours ones; else those stay until then), as Alpaca marks them `expired`: each
    /// closed with its fills kept, after the requests that reach the book by `time`.
    /// Good-till-cancelled orders stay.
    public mutating func expireDayOrders(at time: Timestamp, extendedToo: Bool) -> [ReplayVenueReport] {
        var reports = advance(to: time)
        for index in resting where orders[index].timeInForce != .gtc && (extendedToo || !orders[index].extendedHours) {
            restingChanges += 1
            orders[index].status.qty = .zero
            orders[index].status.open = false
            let status = orders[index].status
            reports.append(.expired(ReplayOrderUpdate(
                status: status, time: now, newFills: status.fills.count..<status.fills.count, liquidity: .maker, fees: .zero)))
        }
        resting.removeAll { !orders[$0].status.open }
        return reports
    }
}
