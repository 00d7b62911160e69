module github.com/checkerstutor/checkers

go 1.26.8
