import StrategyKit

/// A refused order: the stable code, the numbers that decided it, and a message for a human.
///
/// A check's message is written when it is first read, not when the order is refused: a
/// strategy retrying against a limit on every book is refused millions of times in a backtest,
/// and nobody reads those texts unless a log line or a report asks for one.
public struct RiskDenial: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Why, as a stable code.
    public var code: RiskCode
    /// The strategy that asked.
    public var strategyID: StrategyID
    /// What it asked for.
    public var request: OrderRequest
    /// The limit that was hit, in the check's unit (shares, units of $0.0001 for prices and
    /// money, orders, basis points, ms); nil when the check has no number (a halted state, a
    /// missing book).
    public var limit: Int64?
    /// The value that broke the limit, in the same unit; nil when there is none.
    public var actual: Int64?
    private var text: Text

    /// The message's words: given whole, or a check's, made on reading and followed by the
    /// request in parentheses.
    private enum Text: Sendable {
        case written(String)
        case checked(@Sendable () -> String)
    }

    public init(
        code: RiskCode, strategyID: StrategyID, request: OrderRequest, limit: Int64?, actual: Int64?,
        message: String
    ) {
        self.init(code: code, strategyID: strategyID, request: request, limit: limit, actual: actual, text: .written(message))
    }

    /// A check's denial: `words` says why, and is only called when the message is read.
    init(
        code: RiskCode, strategyID: StrategyID, request: OrderRequest, limit: Int64?, actual: Int64?,
        checked words: @escaping @Sendable () -> String
    ) {
        self.init(code: code, strategyID: strategyID, request: request, limit: limit, actual: actual, text: .checked(words))
    }

    private init(code: RiskCode, strategyID: StrategyID, request: OrderRequest, limit: Int64?, actual: Int64?, text: Text) {
        self.code = code
        self.strategyID = strategyID
        self.request = request
        self.limit = limit
        self.actual = actual
        self.text = text
    }

    /// One line that says what was refused and why, with the numbers.
    public var message: String {
        switch text {
        case .written(let message): message
        case .checked(let words): "\(words()) (\(Self.describe(request)))"
        }
    }

    /// `side qty symbol type [@ price]`: the request as a denial's message names it.
    static func describe(_ request: OrderRequest) -> String {
        let price = request.type.isPriced ? " @ \(request.price)" : ""
        return "\(request.side.rawValue) \(request.qty) \(request.symbol) \(request.type.rawValue)\(price)"
    }

    /// `CODE strategy: message`.
    public var description: String { "\(code.rawValue) \(strategyID): \(message)" }

    private enum CodingKeys: String, CodingKey {
        case code, strategyID, request, limit, actual, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(RiskCode.self, forKey: .code),
            strategyID: try container.decode(StrategyID.self, forKey: .strategyID),
            request: try container.decode(OrderRequest.self, forKey: .request),
            limit: try container.decodeIfPresent(Int64.self, forKey: .limit),
            actual: try container.decodeIfPresent(Int64.self, forKey: .actual),
            message: try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(strategyID, forKey: .strategyID)
        try container.encode(request, forKey: .request)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(actual, forKey: .actual)
        try container.encode(message, forKey: .message)
    }

    /// Two denials are equal when their codes, numbers, requests and messages are.
    public static func == (lhs: RiskDenial, rhs: RiskDenial) -> Bool {
        lhs.code == rhs.code && lhs.strategyID == rhs.strategyID && lhs.request == rhs.request && lhs.limit == rhs.limit
            && lhs.actual == rhs.actual && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(strategyID)
        hasher.combine(request)
        hasher.combine(limit)
        hasher.combine(actual)
        hasher.combine(message)
    }
}
