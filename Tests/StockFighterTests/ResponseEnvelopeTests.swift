@testable import StockFighter
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct ResponseEnvelopeTests {
    func failure(_ status: Int, _ body: String) -> ExchangeError? {
        do {
            _ = try decode(foobarBook, body, status: status)
            return nil
        } catch {
            return error
        }
    }

    @Test func okFalseUnder200IsARejection() {
        #expect(failure(200, #"{"ok":false,"error":"qty must be positive"}"#) == .rejected(status: 200, message: "qty must be positive"))
    }

    @Test func statusesMapToTheirTypedErrors() {
        #expect(failure(400, #"{"ok":false,"error":"bad"}"#) == .rejected(status: 400, message: "bad"))
        #expect(failure(401, #"{"ok":false,"error":"You have to own account X."}"#) == .unauthorized(message: "You have to own account X."))
        #expect(failure(404, #"{"ok":false,"error":"symbol S does not exist on venue X"}"#) == .notFound(message: "symbol S does not exist on venue X"))
        #expect(failure(500, #"{"ok":false,"error":"The venue appears to be non-responsive"}"#) == .httpStatus(500, message: "The venue appears to be non-responsive"))
        #expect(failure(503, #"{"ok":true}"#) == .httpStatus(503, message: "(no message)"))
    }

    @Test func htmlErrorPageIsAnHTTPStatusQuotingTheBody() {
        let error = failure(502, "<html><head><title>502 Bad Gateway</title></head></html>")
        #expect(error == .httpStatus(502, message: #"non-JSON body: "<html><head><title>502 Bad Gateway</title></head></html>""#))
        #expect(error?.isTransient == true)
    }

    @Test func nonJSONUnderSuccessIsUndecodableQuotingTheStartOfTheBody() {
        let long = String(repeating: "x", count: 500)
        guard case .undecodable(let what) = failure(200, long) else { Issue.record("not undecodable"); return }
        #expect(what.contains(String(repeating: "x", count: ResponseEnvelope.quotedPrefix)) && what.hasSuffix("…\""))
        #expect(!what.contains(String(repeating: "x", count: ResponseEnvelope.quotedPrefix + 1)))
        #expect(failure(200, "") == .undecodable("body is not JSON: (empty body)"))
    }

    @Test func truncatedJSONUnderSuccessIsUndecodable() {
        guard case .undecodable = failure(200, #"{"ok":true,"venue":"TES"#) else { Issue.record("not undecodable"); return }
    }
}
