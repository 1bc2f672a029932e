import StrategyKit
import Wire

extension AlpacaMarket {
    /// Streams `event` of `order` (as it stands now) on its account's `trade_updates`, at
    /// `time`; nothing is encoded when nobody listens to that account.
    func publish(_ event: AlpacaTradeEvent, _ order: AlpacaOrderRecord, at time: Timestamp) {
        let account = order.account
        let wanted: (StreamHub.Topic) -> Bool = { $0 == .tradeUpdates(account) }
        guard streams.wants(wanted) else { return }
        var json = JSONWriter(capacity: 1_280)
        json.tradeUpdate(event, order, at: time)
        streams.publish(json.bytes, to: wanted)
    }
}
