import Foundation
import History
import HTTPTesting
import Lifecycle
import Live
import Notify
import StrategyKit

/// The engine's decision latency, and its handling of each fill, with the notifications off
/// (the history's observer alone, as a daemon without `notify`) and on: a notifier running with
/// a webhook that wants every kind and a receiver that takes the connection and never answers,
/// so that its queue stays full and every fill's notice drops the oldest.
enum NotifyBench {
    static func run() throws {
        let steps = 200_000
        let history = { HistoryFlowObserver(flow: HistoryFlow(capacity: 1), runStart: Timestamp(nanoseconds: 0)) }
        try EngineBench.decisionLatency(
            steps: steps, figure: "notify.decision.off", extraInputs: ["notify": "off"], orderFlow: history(), filling: true)

        let silent = try SilentListener()
        defer { silent.stop() }
        guard let url = WebhookURL("http://\(silent.address)/hook") else { preconditionFailure("the listener's URL does not parse") }
        let notifier = Notifier(
            webhooks: [Webhook(name: "silent", url: url, format: .json)], policy: DeliveryPolicy(timeout: .seconds(120)),
            origin: "tickwork-bench", drainTime: .milliseconds(100)) { _ in }
        let service = Task.detached { await notifier.run() }
        try EngineBench.decisionLatency(
            steps: steps, figure: "notify.decision.on",
            extraInputs: ["notify": "on: one webhook, every kind, a receiver that never answers, queue of 256 full"],
            orderFlow: OrderFlowTee(history(), NotifyFlowObserver(notifier: notifier, denials: DenialRate(threshold: 20, window: .seconds(60)))),
            filling: true)
        let figures = notifier.figures[0]
        FileHandle.standardError.write(Data("tickwork-bench: notify: \(figures.dropped) notices dropped, \(figures.queued) queued, \(figures.sent) sent\n".utf8))
        service.cancel()
        try runBlocking { await service.value }
    }
}
