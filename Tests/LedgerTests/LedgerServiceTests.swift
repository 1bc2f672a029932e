import Ledger
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct LedgerServiceTests {
    @Test func runHoldsTheLedgerOpenUntilCancelledThenMakesEveryFillDurableAndCloses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // An hour's delay and a large batch: only closing makes these fills durable.
        let ledger = try LedgerWriter(
            path: directory.file(), venue: testVenue, account: testAccount,
            durability: .batch(maxDelay: .seconds(3600), maxFills: 1_000))
        let service = Task { try await ledger.run() }
        for order in Int64(1)...3 { _ = try ledger.append(makeFill(order: order, .buy, 1, at: 100)) }
        #expect(ledger.durableSequence == 0)
        service.cancel()
        try await service.value
        #expect(ledger.durableSequence == 3)
        #expect(throws: LedgerError.unusable(path: directory.file(), reason: "closed")) {
            _ = try ledger.append(makeFill(order: 4, .buy, 1, at: 100))
        }
        #expect(try LedgerVerification(path: directory.file()).state.entryCount == 3)
    }
}
