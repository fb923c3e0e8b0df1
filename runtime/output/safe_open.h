// Opening results files for writing without following symbolic links: a results folder is
// written by whoever runs the benchmark, and a planted `raw.csv -> ~/.bashrc` must not make
// Metron overwrite a file outside it.
#pragma once

#include <cstdio>
#include <string>

namespace metron::out {

// fopen(path, "w" or "a") that refuses a symbolic link (O_NOFOLLOW); nullptr with errno set
// (ELOOP for a link) on failure.
std::FILE* fopen_no_follow(const std::string& path, bool append);

// The files `metron exec` writes into a results folder.
bool folder_holds_results(const std::string& dir, std::string& which);
// Removes them (the links themselves, never their targets); false with a message on failure.
bool remove_results(const std::string& dir, std::string& error);

}  // namespace metron::out
