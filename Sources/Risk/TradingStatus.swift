import StrategyKit

/// A trading state with why and since when it holds.
public struct TradingStatus: Hashable, Sendable, Codable {
    public var state: TradingState
    /// Why the state was entered; nil for the initial active state.
    public var code: RiskCode?
    /// When the state was entered.
    public var since: Timestamp

    public init(state: TradingState, code: RiskCode?, since: Timestamp) {
        self.state = state
        self.code = code
        self.since = since
    }

    /// Active since the epoch, for anything never changed.
    public static let initial = TradingStatus(state: .active, code: nil, since: .zero)
}
