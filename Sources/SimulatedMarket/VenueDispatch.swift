import HTTP

/// Which of the exchange's routers answers a request: Alpaca's streams, EDGAR, the game
/// master, a game instance's own REST API and feeds (for a path naming a live instance's
/// venue), StockFighter's feeds, Alpaca's REST API and Finnhub's, and StockFighter's REST API.
struct VenueDispatch: Sendable {
    let router: VenueRouter
    let alpaca: AlpacaRouter
    /// Alpaca's streams, when the exchange serves Alpaca.
    let alpacaStreams: AlpacaStreamRoutes?
    let feeds: StockFighterStreamRouter
    let edgar: EdgarRouter?
    let gameMaster: GameMasterRouter

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if let alpacaStreams, AlpacaStreamRoutes.serves(path) { return alpacaStreams.respond(to: request) }
        if let edgar, EdgarRouter.serves(path) { return edgar.respond(to: request) }
        if GameMasterRouter.serves(path) { return gameMaster.respond(to: request) }
        let streamed = StockFighterStreamRouter.serves(path)
        if let instance = gameMaster.gameMaster.instance(servingPath: path) {
            return streamed ? instance.feeds.respond(to: request) : instance.router.respond(to: request)
        }
        if streamed { return feeds.respond(to: request) }
        return AlpacaRouter.serves(path) ? alpaca.respond(to: request) : router.respond(to: request)
    }
}
