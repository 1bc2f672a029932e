import Live
import StrategyKit

/// What a call across the plugin boundary costs: a strategy from `libFirstSteps.so`, loaded
/// through the plugin loader, called through the `Strategy` existential.
enum PluginBench {
    static func run() throws {
        let path = PluginLoader.executableDirectory + "/libFirstSteps.so"
        let plugin = try PluginLoader.load(path: path)
        let strategy = try plugin.descriptor.makeStrategy(values: ["quantity": .integer(100)])
        let parameters = try StrategyParameters(schema: plugin.descriptor.parameters)
        let book = BookView(BookSnapshot(
            venue: "TESTEX", symbol: "FOOBAR",
            bids: [BookEntry(price: 5000, qty: 100, isBuy: true)],
            asks: [BookEntry(price: 5010, qty: 100, isBuy: false)],
            exchangeTime: .zero, receivedTime: .zero, sequence: 1))
        let context = StrategyContext(strategyID: "bench", now: .zero, parameters: parameters)
        let calls = 2_000_000
        var intents = 0
        let start = monotonicNanoseconds()
        for _ in 0..<calls {
            intents &+= strategy.onBook(book, context: context).count
        }
        let onBook = Double(monotonicNanoseconds() - start) / Double(calls)
        let startEmpty = monotonicNanoseconds()
        for _ in 0..<calls {
            intents &+= strategy.onFill(
                Fill(venue: "TESTEX", account: "A", symbol: "FOOBAR", orderID: 1, index: 0, side: .buy,
                     price: 5010, qty: 1, time: .zero, strategyID: "bench"),
                context: context).count
        }
        let empty = Double(monotonicNanoseconds() - startEmpty) / Double(calls)
        precondition(intents == calls, "FirstSteps should answer every book with one order")
        let inputs = ["plugin": "FirstSteps", "calls": String(calls)]
        Figure(name: "plugin.onBook", unit: "ns/call", value: onBook, inputs: inputs.merging(["work": "one place intent per call"]) { $1 }).print()
        Figure(name: "plugin.onFill.default", unit: "ns/call", value: empty, inputs: inputs.merging(["work": "SDK default, no intents"]) { $1 }).print()
    }
}
