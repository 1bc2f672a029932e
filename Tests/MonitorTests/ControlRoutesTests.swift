import Foundation
import HTTP
import Lifecycle
import Live
import Monitor
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// The operator's control routes: behind the monitor's token on any address, over the control
/// socket for whoever may open it, every request logged with who sent it.
@Suite(.timeLimit(.minutes(10)))
struct ControlRoutesTests {
    /// Control routes that answer every command at once as carried out, and what they were sent.
    final class Engine: Sendable {
        let commands = Locked<[OperatorRequest]>([])
        let logs = CollectingHandler()

        var routes: ControlRoutes {
            ControlRoutes(
                post: { [commands] request in
                    commands.update { $0.append(request) }
                    request.answer(OperatorOutcome(
                        ok: true, command: request.command.name, scope: request.command.scope.description, message: "done",
                        account: .halted, strategies: [:], cancels: 2))
                }, logger: Logger(part: "control", level: .debug, handler: logs))
        }

        var sent: [OperatorCommand] { commands.get().map(\.command) }

        /// Each logged record's message and `from` field.
        var logged: [(message: String, from: String?)] {
            logs.records.withLock { $0.map { record in (record.message, record.fields.first { $0.0 == "from" }?.1) } }
        }
    }

    private static func post(_ routes: MonitorRoutes, _ path: String, token: String?, body: String = "") -> HTTPResponse {
        var request = HTTPRequest(method: "POST", target: path, body: Array(body.utf8))
        if let token { request.headers.set(name: "Authorization", value: "Bearer \(token)") }
        request.peer = .network("192.0.2.7:40000")
        return routes.respond(to: request)
    }

    @Test func onTheMonitorControlNeedsTheTokenOnEveryAddress() throws {
        let fixture = try MonitorFixture()
        let engine = Engine()
        let open = MonitorRoutes(board: fixture.board, token: nil, version: "test", ledgerPath: nil, control: engine.routes) { EngineHarness.time(1) }
        #expect(Self.post(open, "/api/control/halt", token: nil).status == 403, "no token configured: control is refused even on loopback")
        let guarded = MonitorRoutes(board: fixture.board, token: "s3cret", version: "test", ledgerPath: nil, control: engine.routes) {
            EngineHarness.time(1)
        }
        #expect(Self.post(guarded, "/api/control/halt", token: nil).status == 401)
        #expect(Self.post(guarded, "/api/control/halt", token: "s3cre").status == 401)
        #expect(engine.sent.isEmpty, "nothing reaches the engine without the right token")
        let answer = Self.post(guarded, "/api/control/halt", token: "s3cret", body: #"{"strategy":"mm","reason":"news"}"#)
        #expect(answer.status == 200)
        let outcome = try JSONDecoder().decode(OperatorOutcome.self, from: Data(answer.body))
        #expect(outcome.account == .halted && outcome.cancels == 2 && outcome.command == "halt")
        #expect(engine.sent == [.halt(.strategy("mm"), reason: "news")])
        // Every request, refused or not, is logged with who sent it.
        let refusals = engine.logged.filter { $0.message == "control request refused" }
        #expect(refusals.count == 3 && refusals.allSatisfy { $0.from == "monitor client 192.0.2.7:40000" })
        #expect(engine.logged.contains { $0.message == "control request" && $0.from == "monitor client 192.0.2.7:40000" })
    }

    @Test func eachRouteMapsToItsCommandAndBadRequestsAreRefused() throws {
        let fixture = try MonitorFixture()
        let engine = Engine()
        let routes = MonitorRoutes(board: fixture.board, token: "t", version: "test", ledgerPath: nil, control: engine.routes) { EngineHarness.time(1) }
        #expect(Self.post(routes, "/api/control/reduce-only", token: "t").status == 200)
        #expect(Self.post(routes, "/api/control/resume", token: "t", body: #"{"strategy":"a"}"#).status == 200)
        #expect(Self.post(routes, "/api/control/flatten", token: "t", body: #"{"symbol":"FOOBAR"}"#).status == 200)
        #expect(engine.sent == [.reduceOnly(.account), .resume(.strategy("a")), .flatten(.account, symbol: "FOOBAR")])
        #expect(Self.post(routes, "/api/control/explode", token: "t").status == 404)
        #expect(Self.post(routes, "/api/control/halt", token: "t", body: "not json").status == 400)
        var get = HTTPRequest(method: "GET", target: "/api/control/halt", headers: ["Authorization": "Bearer t"])
        get.peer = .network("127.0.0.1:1")
        #expect(routes.respond(to: get).status == 405)
        #expect(engine.sent.count == 3)
    }

    @Test func theDashboardHasControlButtonsThatAskForTheToken() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let page = String(decoding: fixture.routes().respond(to: HTTPRequest(method: "GET", target: "/", headers: ["Host": "localhost"])).body, as: UTF8.self)
        for action in ["halt", "reduce-only", "resume"] { #expect(page.contains(#"<button data-action="\#(action)">"#)) }
        #expect(page.contains(#"<option value="s1">s1</option>"#))
        #expect(page.contains("sessionStorage.setItem") && page.contains(#""/api/control/" + action"#))
    }

    @Test func aCommandTheEngineDoesNotAnswerInTimeIs504() throws {
        let routes = ControlRoutes(post: { _ in }, logger: Logger(part: "control", handler: CollectingHandler()), answerWait: .milliseconds(50))
        #expect(routes.respond(to: HTTPRequest(method: "POST", target: "/api/control/halt"), who: "test").status == 504)
    }

    @Test func theSocketIsGroupReadableAndSaysWhoConnected() throws {
        let scratch = try TemporaryDirectory("tickwork-control")
        defer { scratch.remove() }
        let path = scratch.file("run/tickwork.sock")
        let engine = Engine()
        let server = try ControlServer(path: path, routes: engine.routes)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o660)
        let outcome = try ControlClient(path: path).send(.halt(.account, reason: "test"))
        #expect(outcome.ok && outcome.command == "halt")
        #expect(engine.sent == [.halt(.account, reason: "test")])
        #expect(engine.commands.get().first?.who == "uid \(getuid()) pid \(getpid())")
        // A second daemon on the same path is refused while the first answers.
        #expect(throws: MonitorError.self) { try ControlServer(path: path, routes: engine.routes) }
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: path), "the socket file goes with the server")
        #expect(throws: ControlClient.Failure.noDaemon(path)) { try ControlClient(path: path).send(.resume(.account)) }
    }

    @Test func aSocketFileLeftByADeadDaemonIsReplaced() throws {
        let scratch = try TemporaryDirectory("tickwork-control")
        defer { scratch.remove() }
        let path = scratch.file("tickwork.sock")
        // Bound and closed without unlinking: what a killed daemon leaves.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
        #expect(throws: ControlClient.Failure.noDaemon(path)) { try ControlClient(path: path).send(.resume(.account)) }
        let engine = Engine()
        let server = try ControlServer(path: path, routes: engine.routes)
        defer { server.stop() }
        #expect(try ControlClient(path: path).send(.resume(.account)).ok)
    }
}
