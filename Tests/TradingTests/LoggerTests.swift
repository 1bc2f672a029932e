import StrategyKit
import Synchronization
import Testing
import Trading
import TradingTestSupport

@Suite(.timeLimit(.minutes(10))) struct LoggerTests {
    @Test func messagesBelowTheLevelAreNotEvenBuilt() {
        let handler = CollectingHandler()
        let logger = Logger(part: "engine", level: .info, handler: handler)
        let built = Mutex(false)
        logger.debug({ built.withLock { $0 = true }; return "hidden" }())
        logger.info("shown")
        #expect(handler.messages == ["shown"])
        #expect(built.withLock { $0 } == false)
    }

    @Test func fieldsBelowTheLevelAreNotEvenBuilt() {
        let handler = CollectingHandler()
        let logger = Logger(part: "engine", level: .warning, handler: handler)
        let built = Mutex(0)
        func field() -> String {
            built.withLock { $0 += 1 }
            return "value"
        }
        logger.info("hidden", ["key": field()])
        logger.log(.debug, "hidden", ["key": field()])
        logger.warning("shown", ["key": field()])
        #expect(handler.messages == ["shown"])
        #expect(handler.records.withLock { $0.map { $0.fields.map(\.1) } } == [["value"]])
        #expect(built.withLock { $0 } == 1)
    }
}
