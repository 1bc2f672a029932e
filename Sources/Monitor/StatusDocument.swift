import Live
import Risk
import StrategyKit
import Trading
import Wire

/// The JSON of `/api/status` and of the event stream's `data:` lines. Money and prices are
/// decimal dollars (JSON numbers, exact: written from integers), times ISO-8601 UTC.
///
/// `/api/status`: `version`, `time`, `startedAt`, `uptimeSeconds`, `venue`, `account`,
/// `stopped`, `trading` (the account's state, `code` and `since`), `pnl`, `strategies`,
/// `positions`, `openOrders`, `fills` (the last 50, oldest first), `denials` (per minute over
/// the last hour), `counters`, `exchange` (last poll age, requests, errors, and `streams`: each
/// venue's push stream, whether it is trusted (`up`), its reconnects and its switches to
/// `stream` and to `poll`; empty without `exchange.stream`) and `equity` (`[time, pnl]` pairs
/// over the session).
public enum StatusDocument {
    /// The status of `snapshot` as seen at `now`, with the exchange traffic.
    public static func status(_ snapshot: MonitorSnapshot, traffic: MonitorBoard.Traffic, version: String, now: Timestamp) -> [UInt8] {
        var json = JSONWriter(capacity: 4096)
        json.raw("{")
        json.key("version"); json.string(version)
        json.raw(","); json.key("time"); json.timestamp(snapshot.time)
        json.raw(","); json.key("startedAt"); json.timestamp(snapshot.startedAt)
        json.raw(","); json.key("uptimeSeconds"); json.int((now.nanoseconds - snapshot.startedAt.nanoseconds) / 1_000_000_000)
        json.raw(","); json.key("venue"); json.string(snapshot.venue.rawValue)
        json.raw(","); json.key("account"); json.string(snapshot.account.rawValue)
        json.raw(","); json.key("stopped"); json.bool(snapshot.stopped)
        json.raw(","); json.key("trading"); status(snapshot.accountStatus, &json)
        json.raw(","); json.key("pnl"); pnl(snapshot.accountPnL, &json)
        json.raw(","); json.key("strategies"); json.raw("[")
        for (index, row) in snapshot.strategies.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{"); json.key("id"); json.string(row.id.rawValue)
            json.raw(","); json.key("trading"); status(row.status, &json)
            json.raw(","); json.key("pnl"); pnl(row.pnl, &json)
            json.raw("}")
        }
        json.raw("],"); json.key("positions"); json.raw("[")
        for (index, row) in snapshot.positions.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{"); json.key("strategy"); json.string(row.strategy.rawValue)
            json.raw(","); json.key("symbol"); json.string(row.symbol.rawValue)
            json.raw(","); json.key("shares"); json.int(row.position.quantity.shares)
            json.raw(","); json.key("averageCost"); dollars(row.position.averageCost, &json)
            json.raw(","); json.key("mark"); dollars(row.mark, &json)
            json.raw(","); json.key("unrealized")
            if let mark = row.mark { json.bytes.appendDollars(row.position.unrealizedPnL(markedAt: mark)) } else { json.raw("null") }
            json.raw("}")
        }
        json.raw("],"); json.key("openOrders"); json.raw("[")
        for (index, row) in snapshot.openOrders.enumerated() {
            if index > 0 { json.raw(",") }
            order(row, &json)
        }
        json.raw("],"); json.key("fills"); json.raw("[")
        for (index, row) in snapshot.recentFills.enumerated() {
            if index > 0 { json.raw(",") }
            fill(row, &json)
        }
        json.raw("],"); json.key("denials"); json.raw("[")
        for (index, row) in snapshot.recentDenials.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{"); json.key("minute"); json.timestamp(row.minute)
            json.raw(","); json.key("code"); json.string(row.code.rawValue)
            json.raw(","); json.key("count"); json.int(Int64(row.count))
            json.raw("}")
        }
        let stats = snapshot.statistics
        json.raw("],"); json.key("counters"); json.raw("{")
        json.key("books"); json.int(Int64(stats.books))
        json.raw(","); json.key("booksDropped"); json.int(Int64(stats.booksDropped))
        json.raw(","); json.key("ordersSent"); json.int(Int64(stats.approved))
        json.raw(","); json.key("denied"); json.int(Int64(stats.denied))
        json.raw(","); json.key("fills"); json.int(Int64(stats.fills))
        json.raw(","); json.key("cancels"); json.int(Int64(stats.cancels))
        json.raw("},"); json.key("exchange"); json.raw("{")
        json.key("lastPollAgeMs")
        if let last = traffic.lastPollSuccess { json.int((now.nanoseconds - last.nanoseconds) / 1_000_000) } else { json.raw("null") }
        json.raw(","); json.key("requests"); json.int(Int64(traffic.requestCount))
        json.raw(","); json.key("errors"); json.int(Int64(traffic.errorCount))
        json.raw(","); json.key("streams"); streams(traffic.streams, &json)
        json.raw("},"); json.key("ledgerSequence"); json.bytes.appendDecimal(snapshot.ledgerSequence)
        json.raw(","); json.key("equity"); json.raw("[")
        for (index, point) in snapshot.equity.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("["); json.int(point.time.nanoseconds / 1_000_000); json.raw(","); json.bytes.appendDollars(point.pnl); json.raw("]")
        }
        json.raw("]}")
        return json.bytes
    }

    /// `{"VENUE":{"up":..,"reconnects":..,"switches":{"stream":..,"poll":..}}}`, venues in order.
    private static func streams(_ streams: [String: MonitorBoard.StreamFigures], _ json: inout JSONWriter) {
        json.raw("{")
        for (index, (venue, figures)) in streams.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { json.raw(",") }
            json.string(venue); json.raw(":{")
            json.key("up"); json.bool(figures.up)
            json.raw(","); json.key("reconnects"); json.int(Int64(clamping: figures.reconnects))
            json.raw(","); json.key("switches"); json.raw("{")
            json.key("stream"); json.int(Int64(clamping: figures.switches["stream"] ?? 0))
            json.raw(","); json.key("poll"); json.int(Int64(clamping: figures.switches["poll"] ?? 0))
            json.raw("}}")
        }
        json.raw("}")
    }

    /// The `data:` of an event: an object with `type` (`fill`, `orderOpened`, `orderClosed`,
    /// `denied`, `stateChanged`), `time` and the event's fields.
    public static func event(_ event: MonitorEvent) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.raw("{"); json.key("type"); json.string(eventType(event.kind))
        json.raw(","); json.key("time"); json.timestamp(event.time)
        json.raw(","); json.key("data")
        switch event.kind {
        case .fill(let row): fill(row, &json)
        case .orderOpened(let row), .orderClosed(let row): order(row, &json)
        case .denied(let code, let count):
            json.raw("{"); json.key("code"); json.string(code.rawValue)
            json.raw(","); json.key("count"); json.int(Int64(count)); json.raw("}")
        case .stateChanged(let change):
            json.raw("{"); json.key("scope"); json.string(change.scope.description)
            json.raw(","); json.key("from"); json.string(change.from.rawValue)
            json.raw(","); json.key("to"); json.string(change.to.rawValue)
            json.raw(","); json.key("code"); json.string(change.code.rawValue); json.raw("}")
        }
        json.raw("}")
        return json.bytes
    }

    /// The SSE `event:` name of `kind`.
    public static func eventType(_ kind: MonitorEvent.Kind) -> String {
        switch kind {
        case .fill: "fill"
        case .orderOpened: "orderOpened"
        case .orderClosed: "orderClosed"
        case .denied: "denied"
        case .stateChanged: "stateChanged"
        }
    }

    private static func status(_ status: TradingStatus, _ json: inout JSONWriter) {
        json.raw("{"); json.key("state"); json.string(status.state.rawValue)
        json.raw(","); json.key("code")
        if let code = status.code { json.string(code.rawValue) } else { json.raw("null") }
        json.raw(","); json.key("since"); json.timestamp(status.since); json.raw("}")
    }

    private static func pnl(_ pnl: ProfitAndLoss, _ json: inout JSONWriter) {
        json.raw("{"); json.key("realized"); json.bytes.appendDollars(pnl.realized)
        json.raw(","); json.key("unrealized"); json.bytes.appendDollars(pnl.unrealized)
        json.raw(","); json.key("total"); json.bytes.appendDollars(pnl.total); json.raw("}")
    }

    private static func dollars(_ price: Price?, _ json: inout JSONWriter) {
        if let price { json.bytes.appendDollars(price) } else { json.raw("null") }
    }

    private static func order(_ row: MonitorSnapshot.OrderRow, _ json: inout JSONWriter) {
        json.raw("{"); json.key("client"); json.string(row.client.description)
        json.raw(","); json.key("strategy"); json.string(row.strategy.rawValue)
        json.raw(","); json.key("symbol"); json.string(row.request.symbol.rawValue)
        json.raw(","); json.key("side"); json.string(row.request.side.rawValue)
        json.raw(","); json.key("type"); json.string(row.request.type.rawValue)
        json.raw(","); json.key("price"); json.bytes.appendDollars(row.request.price)
        json.raw(","); json.key("qty"); json.int(row.request.qty.shares)
        json.raw(","); json.key("filled"); json.int(row.filled.shares)
        json.raw(","); json.key("exchangeID")
        if let id = row.exchangeID { json.string(id.description) } else { json.raw("null") }
        json.raw(","); json.key("submittedAt"); json.timestamp(row.submittedAt); json.raw("}")
    }

    private static func fill(_ row: MonitorSnapshot.FillRow, _ json: inout JSONWriter) {
        let fill = row.fill
        json.raw("{"); json.key("sequence"); json.bytes.appendDecimal(row.sequence)
        json.raw(","); json.key("time"); json.timestamp(fill.time)
        json.raw(","); json.key("strategy"); json.string(fill.strategyID.rawValue)
        json.raw(","); json.key("symbol"); json.string(fill.symbol.rawValue)
        json.raw(","); json.key("side"); json.string(fill.side.rawValue)
        json.raw(","); json.key("price"); json.bytes.appendDollars(fill.price)
        json.raw(","); json.key("qty"); json.int(fill.qty.shares)
        json.raw(","); json.key("orderID"); json.string(fill.orderID.description); json.raw("}")
    }
}
