import History
import Live
import StrategyKit
import Testing
import Trading

@Suite("Live: the engine's order flow told to the history", .timeLimit(.minutes(10)))
struct HistoryFlowObserverTests {
    @Test("an order's key is c<number>@<run start in seconds>, at every length of number and for any start", arguments: [
        Int64(1_796_083_200), 0, 7, -86_400,
    ])
    func clientKeys(runSeconds: Int64) {
        let observer = HistoryFlowObserver(flow: HistoryFlow(), runStart: Timestamp(nanoseconds: runSeconds * 1_000_000_000))
        var numbers: [UInt64] = [0, 1, 9, 10, 99, 100, 12_345, UInt64.max / 10, UInt64.max - 1, UInt64.max]
        var power: UInt64 = 1
        while power <= UInt64.max / 10 {
            power *= 10
            numbers += [power - 1, power, power + 1]
        }
        for number in numbers {
            #expect(observer.clientKey(ClientOrderID(rawValue: number)) == "c\(number)@\(runSeconds)")
        }
    }
}
