@testable import Live
import StockFighter
import StrategyKit
import Testing
@testable import Trading
import TradingTestSupport

/// `LiveRunner.placeFailure` decides, from the StockFighter adapter's `BrokerError`, whether a
/// failed placement may exist at the exchange (then it is settled from the account's orders and
/// never resent) or surely does not.
@Suite(.timeLimit(.minutes(10))) struct PlaceFailureTests {
    static let client = ClientOrderID(rawValue: 3)

    static func isUnknown(_ error: ExchangeError) -> Bool {
        if case .placeOutcomeUnknown(let client, _) = LiveRunner.placeFailure(client, error.brokerError, at: EngineHarness.time(3)) { return client == Self.client }
        return false
    }

    static func rejection(_ error: ExchangeError) -> String? {
        if case .placeRejected(let client, let reason, _) = LiveRunner.placeFailure(client, error.brokerError, at: EngineHarness.time(3)), client == Self.client { return reason }
        return nil
    }

    @Test func failuresAfterTheRequestMayHaveReachedTheExchangeAreUnknown() {
        let order = PlaceOrder(venue: "TESTEX", account: "EXB123456", request: EngineHarness.buy)
        let placement = UnknownPlacement(order: order, sentAfter: EngineHarness.time(1), failedAt: EngineHarness.time(2), cause: "timed out")
        #expect(Self.isUnknown(.outcomeUnknown(placement)))
        #expect(Self.isUnknown(.transport(.timedOut("POST /venues/TESTEX/stocks/FOOBAR/orders after 5 s"))))
        #expect(Self.isUnknown(.transport(.connectionLost("POST /venues/TESTEX/stocks/FOOBAR/orders"))))
    }

    @Test func refusalsAndFailuresBeforeSendingAreRejectionsWithTheirClass() {
        #expect(Self.rejection(.rejected(status: 400, message: "no such stock")) == "EXCHANGE_REJECTED: rejected by the exchange (HTTP 400): no such stock")
        #expect(Self.rejection(.unauthorized(message: "bad key"))?.hasPrefix("EXCHANGE_REJECTED: ") == true)
        #expect(Self.rejection(.notFound(message: "venue"))?.hasPrefix("EXCHANGE_REJECTED: ") == true)
        #expect(Self.rejection(.transport(.couldNotConnect("connection refused")))?.hasPrefix("EXCHANGE_UNREACHABLE: ") == true)
        #expect(Self.rejection(.transport(.invalidBaseURL("ftp://x")))?.hasPrefix("EXCHANGE_UNREACHABLE: ") == true)
    }
}
