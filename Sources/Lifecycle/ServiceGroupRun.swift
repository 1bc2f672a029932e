/// One run of a `ServiceGroup`: the services' tasks and what has happened to them, changed only
/// by the events the group's task takes from `events`, one at a time.
struct ServiceGroupRun {
    let entries: [ServiceGroup.Entry]
    let events: Inbox<ServiceGroupEvent>
    let context = StopContext()
    private var tasks: [Task<Void, Never>] = []
    private var started: Set<Int> = []
    private var ended: Set<Int> = []
    private var graceOver: Set<Int> = []
    private var report = ServiceGroupReport(cause: .cancelled)
    private var cause: StopCause?

    init(entries: [ServiceGroup.Entry], events: Inbox<ServiceGroupEvent>) {
        self.entries = entries
        self.events = events
    }

    /// Starts the services in order (until a reason to stop comes), waits for one, then stops
    /// every started service in reverse order.
    mutating func startWaitAndStop() async -> ServiceGroupReport {
        for index in entries.indices {
            guard cause == nil else { break }
            launch(index)
            while cause == nil, !started.contains(index) {
                await take()
            }
        }
        while cause == nil {
            await take()
        }
        for index in tasks.indices.reversed() where !ended.contains(index) {
            tasks[index].cancel()
            let grace = entries[index].gracePeriod
            let timer = Task { [events] in
                guard (try? await Task.sleep(for: grace)) != nil else { return }
                events.post(.graceOver(index))
            }
            while !ended.contains(index), !graceOver.contains(index) {
                await take()
            }
            timer.cancel()
            if !ended.contains(index) {
                report.overran.append(entries[index].name)
            }
        }
        report.cause = cause ?? .cancelled
        return report
    }

    /// Starts the service at `index` in a task of its own, which the group cancels to stop it.
    private mutating func launch(_ index: Int) {
        let service = entries[index].service
        tasks.append(Task { [events, context] in
            await ServiceGroup.$stopContext.withValue(context) {
                events.post(.started(index))
                do {
                    try await service.run()
                    events.post(.ended(index, nil))
                } catch {
                    events.post(.ended(index, error))
                }
            }
        })
    }

    /// Takes the next event and records it; the first reason to stop becomes the cause.
    private mutating func take() async {
        switch await events.next() {
        case .started(let index):
            started.insert(index)
        case .ended(let index, let error):
            ended.insert(index)
            let name = entries[index].name
            if let error {
                report.failures.append(.init(service: name, error: error))
                stop(because: .failed(service: name, error: error))
            } else if entries[index].stopsGroupWhenFinished {
                stop(because: .finished(service: name))
            }
        case .signal(let number):
            stop(because: .signal(number))
        case .graceOver(let index):
            graceOver.insert(index)
        case .cancelled:
            stop(because: .cancelled)
        }
    }

    /// Records `cause` as the reason to stop, unless the group is already stopping.
    private mutating func stop(because cause: StopCause) {
        guard self.cause == nil else { return }
        self.cause = cause
        context.cause = cause
    }
}
