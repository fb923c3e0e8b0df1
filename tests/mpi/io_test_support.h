// What the MPI-IO operation tests share: a folder of the test that every rank names alike, the
// settings that put an operation's files there, binding with them (or the message of a refused
// bind), verification before and after observations, and the names of the files left.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "op_test_support.h"

namespace metron::test {

// Made once per test program by rank 0 and broadcast, so that all ranks open the same files.
inline std::string io_test_folder() {
  static std::string f = [] {
    char name[] = "/tmp/metron_io_test_XXXXXX";
    int me = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    char buf[64] = {};
    if (me == 0) std::snprintf(buf, sizeof buf, "%s", ::mkdtemp(name));
    MPI_Bcast(buf, sizeof buf, MPI_CHAR, 0, MPI_COMM_WORLD);
    return std::string(buf);
  }();
  return f;
}

inline Settings io_settings() {
  Settings s = small_settings();
  s.io.working_dir = io_test_folder();
  return s;
}

inline rt::BoundOp bind_io(const std::string& name, std::vector<Value> args,
                           const Settings& s = io_settings()) {
  return rt::bind_op(rt::make_op_call(name, std::move(args)), test_comm(), s);
}

// Binds with `s`, prepares, verifies, makes `observations` observations with `observe`, verifies
// again (the check must hold after real calls too), releases.
template <class Observe>
void verify_around_observations(const std::string& name, std::vector<Value> args, const Settings& s,
                                int observations, Observe observe) {
  CAPTURE(name);
  rt::BoundOp op = bind_io(name, std::move(args), s);
  op.prepare();
  REQUIRE(op.error == MPI_SUCCESS);
  auto err = rt::verify_op(op);
  CHECK_MESSAGE(!err, err.value_or(""));
  for (int i = 0; i < observations; ++i) observe(op);
  CHECK(op.error == MPI_SUCCESS);
  err = rt::verify_op(op);
  CHECK_MESSAGE(!err, err.value_or(""));
  op.release();
}

// The message binding refuses these arguments with, or "" (then the operation is released).
inline std::string bind_io_error(const std::string& name, std::vector<Value> args,
                                 const Settings& s = io_settings()) {
  return bind_error(name, std::move(args), s);
}

// The names in the test folder once every rank got here, space-separated ("" when released
// operations left none, as they must).
inline std::string files_left() {
  MPI_Barrier(MPI_COMM_WORLD);
  std::string names;
  for (const auto& e : std::filesystem::directory_iterator(io_test_folder()))
    names += (names.empty() ? "" : " ") + e.path().filename().string();
  MPI_Barrier(MPI_COMM_WORLD);
  return names;
}

}  // namespace metron::test
