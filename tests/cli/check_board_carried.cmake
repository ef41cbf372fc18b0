# The game file carries its board, as a broker's shell sees it, in a fresh
# $XDG_DATA_HOME:
#  - a game on the user board `home` verifies and replays to the same state after home.json is
#    deleted, and after it is edited; `board save` gives the board the game carried, not the edit;
#  - verify says which board the game uses, that the file carries it, how many facts are verified;
#  - the board edited inside the game file (sqlite3 UPDATE) is found and named by verify;
#  - a schema-3 game written before (tests/games/schema-v3-home-board.rutland) verifies as it did,
#    its board found by name.
#   -DCLI=path -DSQLITE3=path -DBOARDS=tests/boards -DGAMES=tests/games -DWORK=dir
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)
set(dir ${WORK}/data/rutland/boards)

include(${CMAKE_CURRENT_LIST_DIR}/script_steps.cmake)

# The game of the schema-3 fixture, played again by this Rutland on home.
run(0 ${CLI} board import ${BOARDS}/home.json)
run(0 ${CLI} play --db ${WORK}/game.rutland ${GAMES}/schema-v3-home-board.script)
run(0 ${CLI} verify ${WORK}/game.rutland)
# Hand count: home's 36 verified facts + Altamont's arrows, Ask and Bids as corrected in entry 2 = 39.
expect("${out}" "clean: 10 entries.*\n  board: home: 39 of 200 facts verified \\(0 of 40 spaces in full\\), carried in the game file\n"
       "verify of the new game")
run(0 ${CLI} state --json ${WORK}/game.rutland)
set(before "${out}")
# As the fixture's Rutland printed it, but for the fingerprint: Brada's DDUU took Yellow to $1.95.
expect("${before}" "\"yellow\": 195" "the state on home")

# home.json deleted: the game still verifies and replays to the same state.
file(REMOVE ${dir}/home.json)
run(0 ${CLI} verify ${WORK}/game.rutland)
expect("${out}" "carried in the game file" "verify with home.json deleted")
run(0 ${CLI} state --json ${WORK}/game.rutland)
if(NOT out STREQUAL before)
    message(FATAL_ERROR "the state changed when home.json was deleted:\n${out}\nwas:\n${before}")
endif()

# home.json edited (every DDUU arrow the other way round, Brada's among them) and imported again.
file(READ ${BOARDS}/home.json home)
string(REPLACE "\"DDUU\"" "\"UUDD\"" edited "${home}")
if(edited STREQUAL home)
    message(FATAL_ERROR "the edit changed nothing in home.json")
endif()
file(WRITE ${WORK}/home.json "${edited}")
run(0 ${CLI} board import ${WORK}/home.json)
run(0 ${CLI} verify ${WORK}/game.rutland)
run(0 ${CLI} state --json ${WORK}/game.rutland)
if(NOT out STREQUAL before)
    message(FATAL_ERROR "the state changed when home.json was edited:\n${out}\nwas:\n${before}")
endif()
# board save: the board the game carried with its correction, not the edited home: Brada still DDUU.
run(0 ${CLI} board save ${WORK}/game.rutland learnt)
file(READ ${dir}/learnt.json learnt)
expect("${learnt}" "\"name\": \"brada\"[^}]*\"trend\": \"DDUU\"" "learnt.json's Brada")

# The board edited inside the game file: found, named, nothing replayed from it.
file(COPY_FILE ${WORK}/game.rutland ${WORK}/tampered.rutland)
run(0 ${SQLITE3} ${WORK}/tampered.rutland
    "UPDATE meta SET value = replace(value, '\"trend\": \"DDUU\"', '\"trend\": \"UUDD\"') WHERE key = 'start_data'")
run(0 ${SQLITE3} ${WORK}/tampered.rutland "SELECT count(*) FROM meta WHERE key = 'start_data' AND value LIKE '%\"name\": \"brada\"%\"trend\": \"UUDD\"%'")
expect("${out}" "^1" "the tampered board holds Brada's UUDD")
run(2 ${CLI} verify ${WORK}/tampered.rutland)
expect("${err}" "entry 0: the board stored in the file \\(meta 'start_data'\\) is not the one the game started from"
       "verify of the tampered board")

# A schema-3 game written by the Rutland before this one: its board found by name, as then.
file(COPY_FILE ${GAMES}/schema-v3-home-board.rutland ${WORK}/old.rutland)
run(0 ${CLI} board import ${BOARDS}/home.json --replace)
run(0 ${CLI} verify ${WORK}/old.rutland)
expect("${out}" "clean: 10 entries.*fingerprint a971 a833 4aa3 59be\n  board: home: 39 of 200 facts verified \\(0 of 40 spaces in full\\), found by name"
       "verify of the schema-3 game")
