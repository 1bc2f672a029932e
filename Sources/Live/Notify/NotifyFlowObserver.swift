import Notify
import Risk
import StrategyKit
import Trading

/// The engine's order flow told to the operator's webhooks (`tickwork run` wires it when the
/// configuration has a `notify` object): each fill, each order the exchange rejected, each
/// change of trading state (a loss limit's as `lossLimit`, any other as `tradingState`), and
/// risk denials once per window when they pass the configured rate.
///
/// Runs on the engine's thread only (an `OrderFlowObserver`): a notice is built only for a
/// kind some webhook wants, and `Notifier.post` never waits.
public final class NotifyFlowObserver: OrderFlowObserver {
    public let notifier: Notifier
    private var denials: DenialRate
    private let wantsFills: Bool
    private let wantsRejections: Bool
    private let wantsDenials: Bool

    public init(notifier: Notifier, denials: DenialRate) {
        self.notifier = notifier
        self.denials = denials
        wantsFills = notifier.wants(.fills)
        wantsRejections = notifier.wants(.rejections)
        wantsDenials = notifier.wants(.denials)
    }

    public func orderChanged(_ order: TrackedOrder, fills: ArraySlice<Fill>, at time: Timestamp) {
        if wantsFills {
            for fill in fills {
                notifier.post(Notice(.fills, at: fill.time, "fill: \(fill.side.rawValue) \(fill.qty.shares) \(fill.symbol) @ \(fill.price)", [
                    .init("strategy", fill.strategyID.rawValue), .init("order", fill.orderID.description),
                ]))
            }
        }
        if wantsRejections, order.state == .rejected {
            let request = order.request
            notifier.post(Notice(.rejections, at: time, "order rejected: \(request.side.rawValue) \(request.qty.shares) \(request.symbol) @ \(request.price)", [
                .init("strategy", order.strategyID.rawValue), .init("client", order.clientID.description),
            ]))
        }
    }

    public func orderDenied(_ denial: RiskDenial, at time: Timestamp) {
        guard wantsDenials, let count = denials.note(at: time) else { return }
        notifier.post(Notice(.denials, at: time, "\(count) risk denials within \(denials.window)", [
            .init("last", denial.code.rawValue), .init("strategy", denial.strategyID.rawValue), .init("message", denial.message),
        ]))
    }

    public func tradingStateChanged(_ change: TradingStateChange) {
        let kind: NoticeKind = change.code == .maxLoss ? .lossLimit : .tradingState
        guard notifier.wants(kind) else { return }
        var fields: [Notice.Field] = [.init("scope", change.scope.description), .init("code", change.code.rawValue)]
        if let limit = change.limit, let actual = change.actual {
            fields += [.init("loss", Money(units: actual).description), .init("limit", Money(units: limit).description)]
        }
        notifier.post(Notice(kind, at: change.time, "trading \(change.to.rawValue) (was \(change.from.rawValue))", fields))
    }
}
