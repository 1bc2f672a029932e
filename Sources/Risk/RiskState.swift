import StrategyKit

/// The part of the risk checker that must survive a restart: the trading states and the
/// start-of-day P&L that losses are measured from.
///
/// Encodes as a JSON object keyed by strategy id, for the daemon to write to its state
/// directory after every `TradingStateChange` and to hand back to `RiskChecker.init` at start.
/// Amounts are in units of $0.0001, said by `"moneyUnitsPerDollar":10000`; a file without it
/// (written before SDK 3.0) holds cents and is converted on reading.
public struct RiskState: Hashable, Sendable {
    /// The account-wide state.
    public var account: TradingStatus
    /// Each strategy's state; a strategy never changed is active.
    public var strategies: [StrategyID: TradingStatus]
    /// The UTC day (days since the epoch) that `dayStartPnL` belongs to; nil before the first
    /// loss evaluation.
    public var day: Int64?
    /// Each strategy's P&L when it was first evaluated on `day`.
    public var dayStartPnL: [StrategyID: Money]

    public init(
        account: TradingStatus = .initial, strategies: [StrategyID: TradingStatus] = [:], day: Int64? = nil,
        dayStartPnL: [StrategyID: Money] = [:]
    ) {
        self.account = account
        self.strategies = strategies
        self.day = day
        self.dayStartPnL = dayStartPnL
    }

    /// The status of `scope`.
    public func status(of scope: TradingScope) -> TradingStatus {
        switch scope {
        case .account: account
        case .strategy(let id): strategies[id] ?? .initial
        }
    }

    mutating func set(_ status: TradingStatus, for scope: TradingScope) {
        switch scope {
        case .account: account = status
        case .strategy(let id): strategies[id] = status
        }
    }
}

extension RiskState: Codable {
    private enum CodingKeys: String, CodingKey {
        case account, strategies, day, dayStartPnL, moneyUnitsPerDollar
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        account = try container.decode(TradingStatus.self, forKey: .account)
        let strategyTexts = try container.decode([String: TradingStatus].self, forKey: .strategies)
        strategies = Dictionary(uniqueKeysWithValues: strategyTexts.map { (StrategyID($0.key), $0.value) })
        day = try container.decodeIfPresent(Int64.self, forKey: .day)
        // A file without `moneyUnitsPerDollar` was written before money was in units of
        // $0.0001: its amounts are cents, converted exactly.
        let unitsPerDollar = try container.decodeIfPresent(Int64.self, forKey: .moneyUnitsPerDollar) ?? 100
        guard unitsPerDollar == 100 || unitsPerDollar == Price.unitsPerDollar else {
            throw DecodingError.dataCorruptedError(
                forKey: .moneyUnitsPerDollar, in: container, debugDescription: "expected 100 or \(Price.unitsPerDollar)")
        }
        let pnlAmounts = try container.decode([String: Int64].self, forKey: .dayStartPnL)
        var pnl: [StrategyID: Money] = [:]
        for (key, amount) in pnlAmounts {
            guard let money = unitsPerDollar == 100 ? Money(exactCents: amount) : Money(units: amount) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dayStartPnL, in: container, debugDescription: "\(key): \(amount) cents do not fit in units")
            }
            pnl[StrategyID(key)] = money
        }
        dayStartPnL = pnl
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(account, forKey: .account)
        try container.encode(
            Dictionary(uniqueKeysWithValues: strategies.map { ($0.key.rawValue, $0.value) }), forKey: .strategies)
        try container.encodeIfPresent(day, forKey: .day)
        try container.encode(
            Dictionary(uniqueKeysWithValues: dayStartPnL.map { ($0.key.rawValue, $0.value) }), forKey: .dayStartPnL)
        try container.encode(Price.unitsPerDollar, forKey: .moneyUnitsPerDollar)
    }
}
