import APIClient
import Testing

@Suite(.timeLimit(.minutes(10))) struct RequestChainTests {
    private struct Failed: Error, Equatable { var step: String }
    private typealias Chain = RequestChain<String, Failed>

    private func leaf(_ name: String, fails: Bool = false) -> Chain.Link {
        Chain.Link(name, leaf: { () throws(Failed) -> String in
            if fails { throw Failed(step: name) }
            return name
        })
    }

    private var links: [Chain.Link] {
        [
            Chain.Link("list") { () throws(Failed) -> (value: String, next: [Chain.Link]) in
                ("list", [
                    Chain.Link("a") { () throws(Failed) -> (value: String, next: [Chain.Link]) in ("a", [leaf("a1"), leaf("a2")]) },
                    leaf("b", fails: true),
                    leaf("c"),
                ])
            },
            leaf("after"),
        ]
    }

    @Test func followUpsRunBeforeTheStepsWaitingAndAFailureDoesNotStopTheRest() async {
        var heard: [String] = []
        let steps = await Chain(links).run(mode: .continueAfterErrors) { heard.append($0.description) }
        #expect(steps.map(\.description) == ["list", "a", "a1", "a2", "b", "c", "after"] && heard == steps.map(\.description))
        #expect(steps.map(\.index) == Array(0..<7))
        guard case .failure(let error) = steps[4].outcome else { Issue.record("b did not fail"); return }
        #expect(error == Failed(step: "b"))
    }

    @Test func stopAtFirstErrorEndsAtTheFailedStep() async {
        let steps = await Chain(links).run(mode: .stopAtFirstError)
        #expect(steps.map(\.description) == ["list", "a", "a1", "a2", "b"])
    }
}
