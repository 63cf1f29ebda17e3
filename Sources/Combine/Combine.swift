// Combine: there is no Combine on Linux. SwiftUI model files start with `import Combine`; this
// module lets them compile unchanged by re-exporting Kiosk, whose Publisher, AnyCancellable,
// PassthroughSubject, CurrentValueSubject, Just, @Published and ObservableObject are the subset
// those files use (Graph/Publisher.swift says what it does not do). Part of the Kiosk product.
@_exported import Kiosk
