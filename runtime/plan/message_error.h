// MessageError: an exception that carries a catalogue message (messages.def, diagnostics.def):
// its id, and its text formatted where it was thrown from typed arguments. Code that refuses
// something a user asked for throws this instead of an exception with English of its own.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "runtime/plan/diagnostics.h"

namespace metron {

class MessageError : public std::runtime_error {
 public:
  MessageError(DiagId id, std::string text) : std::runtime_error(std::move(text)), id_(id) {}
  DiagId id() const { return id_; }

 private:
  DiagId id_;
};

// Throws the catalogue message id with its arguments (numbers as numbers, names as names).
template <typename... Args>
[[noreturn]] void throw_message(DiagId id, const Args&... args) {
  throw MessageError(id, message_text(id, args...));
}

}  // namespace metron
