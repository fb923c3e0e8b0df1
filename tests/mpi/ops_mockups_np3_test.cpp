// The mock-up tests of ops_mockups_test.cpp on 3 ranks: counts that divide by 2 do not divide
// by 3, roots 0 and 1 leave a rank that is neither.
#include "ops_mockups_test.cpp"
