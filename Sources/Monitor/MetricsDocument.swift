import Live
import Notify
import Risk
import StrategyKit

/// The families `/metrics` serves, from the engine's latest snapshot and the runner's exchange
/// traffic. Names follow Prometheus' conventions: the `tickwork_` prefix, `_total` on
/// counters, base units (`_seconds`), and money as integer `_cents`.
public enum MetricsDocument {
    /// The exposition of `snapshot` and `traffic` at `now`; `ledgerBytes` is the ledger file's
    /// size (nil when it cannot be read), `historyFlowDropped` the order-flow records the
    /// history's hand-off dropped (nil when the daemon keeps no history), `notify` each
    /// webhook's figures (none without notifications), `edgar` the EDGAR polling's (nil when
    /// the daemon does not poll).
    public static func metrics(
        _ snapshot: MonitorSnapshot, traffic: MonitorBoard.Traffic, ledgerBytes: Int64?, historyFlowDropped: UInt64?, now: Timestamp,
        notify: [NotifyFigures] = [], edgar: EdgarFigures? = nil
    ) -> String {
        var out = MetricsExposition()
        let stats = snapshot.statistics
        counter(&out, "tickwork_books_received_total", "Order book snapshots handed to strategies.", stats.books)
        counter(&out, "tickwork_books_dropped_total", "Order book snapshots dropped as stale or out of order.", stats.booksDropped)
        counter(&out, "tickwork_orders_sent_total", "Orders approved by the risk checker and sent to the exchange.", stats.approved)
        counter(&out, "tickwork_cancels_total", "Cancels sent to the exchange.", stats.cancels)

        out.family("tickwork_risk_denials_total", .counter, help: "Orders denied by the risk checker, by reason code.")
        for code in RiskCode.allCases {
            out.sample("tickwork_risk_denials_total", ["code": code.rawValue], Int64(stats.deniedByCode[code] ?? 0))
        }
        let tallies = snapshot.fillTallies.sorted { $0.key < $1.key }
        out.family("tickwork_fills_total", .counter, help: "Fills recorded since the daemon started, by strategy and symbol.")
        for (key, tally) in tallies {
            out.sample("tickwork_fills_total", ["strategy": key.strategy.rawValue, "symbol": key.symbol.rawValue], Int64(tally.fills))
        }
        out.family("tickwork_fill_volume_shares_total", .counter, help: "Shares filled since the daemon started, by strategy and symbol.")
        for (key, tally) in tallies {
            out.sample(
                "tickwork_fill_volume_shares_total", ["strategy": key.strategy.rawValue, "symbol": key.symbol.rawValue], tally.volume.shares)
        }
        if let historyFlowDropped {
            out.family(
                "tickwork_history_flow_dropped_total", .counter,
                help: "Order-flow records (orders, denials, trading-state changes) the history dropped because its hand-off was full.")
            out.sample("tickwork_history_flow_dropped_total", Int64(clamping: historyFlowDropped))
        }
        out.family("tickwork_exchange_requests_total", .counter, help: "Calls to the exchange, by endpoint and outcome.")
        for (key, count) in traffic.requests.sorted(by: { $0.key < $1.key }) {
            out.sample("tickwork_exchange_requests_total", ["endpoint": key.endpoint, "outcome": key.outcome], Int64(count))
        }

        out.family("tickwork_position_shares", .gauge, help: "Position in shares, by strategy and symbol (negative when short).")
        for row in snapshot.positions {
            out.sample("tickwork_position_shares", ["strategy": row.strategy.rawValue, "symbol": row.symbol.rawValue], row.position.quantity.shares)
        }
        out.family("tickwork_open_orders", .gauge, help: "Orders open at the exchange, by strategy.")
        for strategy in snapshot.strategies {
            let open = snapshot.openOrders.count { $0.strategy == strategy.id }
            out.sample("tickwork_open_orders", ["strategy": strategy.id.rawValue], Int64(open))
        }
        out.family("tickwork_realized_pnl_cents", .gauge, help: "Realized profit and loss in cents, by strategy.")
        for strategy in snapshot.strategies {
            out.sample("tickwork_realized_pnl_cents", ["strategy": strategy.id.rawValue], cents: strategy.pnl.realized)
        }
        out.family("tickwork_unrealized_pnl_cents", .gauge, help: "Unrealized profit and loss in cents at the last mid, by strategy.")
        for strategy in snapshot.strategies {
            out.sample("tickwork_unrealized_pnl_cents", ["strategy": strategy.id.rawValue], cents: strategy.pnl.unrealized)
        }
        out.family("tickwork_trading_state", .gauge, help: "1 for the trading state each scope is in (active, reducing, halted), else 0.")
        let scopes = [("account", snapshot.accountStatus)] + snapshot.strategies.map { ("strategy " + $0.id.rawValue, $0.status) }
        for (scope, status) in scopes {
            for state in TradingState.allCases {
                out.sample("tickwork_trading_state", ["scope": scope, "state": state.rawValue], Int64(status.state == state ? 1 : 0))
            }
        }
        if let ledgerBytes {
            out.family("tickwork_ledger_size_bytes", .gauge, help: "Size of the fill ledger file.")
            out.sample("tickwork_ledger_size_bytes", ledgerBytes)
        }
        out.family("tickwork_ledger_last_sequence", .gauge, help: "Sequence number of the ledger's last fill.")
        out.sample("tickwork_ledger_last_sequence", Int64(clamping: snapshot.ledgerSequence))
        out.family("tickwork_uptime_seconds", .gauge, help: "Time since the daemon started trading.")
        out.sample("tickwork_uptime_seconds", seconds: Double(now.nanoseconds - snapshot.startedAt.nanoseconds) / 1e9)
        out.family("tickwork_last_book_age_seconds", .gauge, help: "Time since each symbol's last order book arrived.")
        for (symbol, time) in snapshot.lastBooks.sorted(by: { $0.key < $1.key }) {
            guard let time else { continue }
            out.sample("tickwork_last_book_age_seconds", ["symbol": symbol.rawValue], seconds: Double(now.nanoseconds - time.nanoseconds) / 1e9)
        }

        histogram(&out, "tickwork_poll_latency_seconds", "Time to fetch an order book from the exchange.", traffic.pollLatency)
        histogram(&out, "tickwork_place_ack_latency_seconds", "Time from sending an order to the exchange's answer.", traffic.placeToAcknowledge)
        histogram(&out, "tickwork_decision_latency_seconds", "Time the engine took over one event (strategies and risk checks included).", snapshot.decisionLatency)
        histogram(&out, "tickwork_ledger_sync_seconds", "Time waiting for the ledger to make fills durable.", snapshot.ledgerSync)
        notifications(&out, notify)
        streams(&out, traffic.streams)
        if let edgar { filings(&out, edgar) }
        return out.text
    }

    /// The EDGAR polling: new filings, calls by outcome, the last poll's time.
    private static func filings(_ out: inout MetricsExposition, _ figures: EdgarFigures) {
        out.family("tickwork_edgar_filings_total", .counter, help: "New SEC EDGAR filings of the traded companies the daemon handed to its strategies.")
        out.sample("tickwork_edgar_filings_total", Int64(clamping: figures.filings))
        out.family("tickwork_edgar_requests_total", .counter, help: "SEC EDGAR calls of the daemon's polls, by outcome.")
        for (outcome, count) in figures.requests.sorted(by: { $0.key < $1.key }) {
            out.sample("tickwork_edgar_requests_total", ["outcome": outcome], Int64(clamping: count))
        }
        if let lastPoll = figures.lastPoll {
            out.family("tickwork_edgar_last_poll_timestamp_seconds", .gauge, help: "When the daemon's last poll of SEC EDGAR ended, Unix time.")
            out.sample("tickwork_edgar_last_poll_timestamp_seconds", seconds: Double(lastPoll.nanoseconds) / 1e9)
        }
    }

    /// The venues' push streams (none without `exchange.stream`).
    private static func streams(_ out: inout MetricsExposition, _ streams: [String: MonitorBoard.StreamFigures]) {
        guard !streams.isEmpty else { return }
        let venues = streams.sorted { $0.key < $1.key }
        out.family("tickwork_stream_up", .gauge, help: "1 while the venue's push stream is trusted (connected and reconciled), else 0.")
        for (venue, figures) in venues { out.sample("tickwork_stream_up", ["venue": venue], figures.up ? 1 : 0) }
        out.family("tickwork_stream_switches_total", .counter, help: "Switches between the push stream and polling, by venue and what was switched to.")
        for (venue, figures) in venues {
            for to in ["poll", "stream"] {
                out.sample("tickwork_stream_switches_total", ["venue": venue, "to": to], Int64(clamping: figures.switches[to] ?? 0))
            }
        }
        out.family("tickwork_stream_messages_total", .counter, help: "Events of the push stream, by venue and kind (stale books were dropped).")
        for (venue, figures) in venues {
            for (kind, count) in figures.messages.sorted(by: { $0.key < $1.key }) {
                out.sample("tickwork_stream_messages_total", ["venue": venue, "kind": kind], Int64(clamping: count))
            }
        }
        out.family("tickwork_stream_reconnects_total", .counter, help: "Attempts to connect the push stream again after it ended or failed.")
        for (venue, figures) in venues { out.sample("tickwork_stream_reconnects_total", ["venue": venue], Int64(clamping: figures.reconnects)) }
    }

    /// The `notify` webhooks' queues, one sample per webhook in each family.
    private static func notifications(_ out: inout MetricsExposition, _ figures: [NotifyFigures]) {
        guard !figures.isEmpty else { return }
        let families: [(String, MetricsExposition.Kind, String, (NotifyFigures) -> Int64)] = [
            ("tickwork_notify_sent_total", .counter, "Notification messages a webhook accepted.", { Int64(clamping: $0.sent) }),
            ("tickwork_notify_failed_total", .counter, "Notification messages given up on (refused, or out of attempts).", { Int64(clamping: $0.failed) }),
            ("tickwork_notify_dropped_total", .counter, "Notices dropped, oldest first, from a full webhook queue.", { Int64(clamping: $0.dropped) }),
            ("tickwork_notify_queue_depth", .gauge, "Notices waiting for a webhook.", { Int64($0.queued) }),
        ]
        for (name, kind, help, value) in families {
            out.family(name, kind, help: help)
            for webhook in figures { out.sample(name, ["webhook": webhook.webhook], value(webhook)) }
        }
    }

    private static func counter(_ out: inout MetricsExposition, _ name: String, _ help: String, _ value: Int) {
        out.family(name, .counter, help: help)
        out.sample(name, Int64(value))
    }

    private static func histogram(_ out: inout MetricsExposition, _ name: String, _ help: String, _ histogram: MonitorHistogram) {
        out.family(name, .histogram, help: help)
        out.histogram(name, histogram)
    }
}
