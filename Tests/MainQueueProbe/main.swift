// A program whose top-level code drives a HeadlessHost on the main thread, as a seed program
// or `kiosk snapshot` script does: no run loop runs, so the host must run the blocks its views
// queue with `DispatchQueue.main.async` (issue 39). EngineFixTests runs it and reads its line.
import Kiosk
import Dispatch

final class Flags { var ran = false }
let flags = Flags()

struct Loader: View {
    @State private var loaded = false
    var body: some View {
        (loaded ? Color.green : Color.red)
            .onAppear {
                // The seeds' completion pattern: a result handed back to the main queue.
                DispatchQueue.main.async {
                    flags.ran = true
                    loaded = true
                }
            }
    }
}

Diagnostics.printsWarnings = false
let host = HeadlessHost(width: 20, height: 20) { Loader() }
host.advance(by: 0.1)
let p = host.snapshot().pixel(x: 10, y: 10)
let green = p.g > 150 && p.r < 100
print("ran=\(flags.ran) green=\(green) warnings=\(host.warnings.count)")
