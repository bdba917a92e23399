import type { LanguageCode } from '@tendly/domain/languages';

/**
 * Name pools for the demo workers, grouped by background so that a worker's first name,
 * surname and second language belong together. Weights roughly follow who works in
 * Australian care today: many Australian-born workers and many who came from India, Nepal,
 * the Philippines, China, Vietnam, Africa, the Middle East and the Pacific.
 */
export interface NameBackground {
  weight: number;
  female: readonly string[];
  male: readonly string[];
  surnames: readonly string[];
  /** Languages other than English people of this background may speak, with the chance of each. */
  languages: readonly (readonly [LanguageCode, number])[];
}

export const nameBackgrounds: readonly NameBackground[] = [
  {
    weight: 38,
    female: ['Olivia', 'Charlotte', 'Emily', 'Jessica', 'Sarah', 'Megan', 'Kylie', 'Rebecca', 'Hannah', 'Chloe', 'Tayla', 'Bronwyn', 'Leanne', 'Michelle', 'Georgia', 'Amy', 'Kate', 'Lauren', 'Danielle', 'Jodie', 'Fiona', 'Sharon', 'Natalie', 'Ruby'],
    male: ['Jack', 'Liam', 'Noah', 'Thomas', 'James', 'Mitchell', 'Brendan', 'Lachlan', 'Cooper', 'Riley', 'Matthew', 'Daniel', 'Nathan', 'Craig', 'Shane', 'Josh', 'Ben', 'Hamish', 'Angus', 'Luke'],
    surnames: ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson', 'Walker', 'Harris', 'Ryan', "O'Brien", 'Kelly', 'Murphy', 'Campbell', 'Stewart', 'Mitchell', 'McDonald', 'Robinson', 'Clarke', 'Hughes', 'Fitzgerald', 'Sullivan', 'Walsh', 'Baxter', 'Cameron', 'Doyle'],
    languages: [['fr', 0.03], ['de', 0.02], ['asf', 0.03], ['es', 0.02]],
  },
  {
    weight: 3,
    female: ['Jarrah', 'Kirra', 'Tanya', 'Leah', 'Shanice', 'Marlee', 'Alinta'],
    male: ['Jarrod', 'Kane', 'Tyson', 'Darren', 'Mick', 'Koby'],
    surnames: ['Anderson', 'Walker', 'Thomas', 'Bin Saad', 'Mundine', 'Hoskins', 'Nona', 'Ah Mat', 'Roberts', 'Lee'],
    languages: [['rop', 0.3], ['tcs', 0.15], ['wbp', 0.05], ['pjt', 0.05]],
  },
  {
    weight: 4,
    female: ['Giulia', 'Francesca', 'Maria', 'Rosa', 'Lucia', 'Antonella'],
    male: ['Marco', 'Luca', 'Giuseppe', 'Antonio', 'Salvatore', 'Dario'],
    surnames: ['Rossi', 'Romano', 'Russo', 'Esposito', 'Bianchi', 'Ferrari', 'Colombo', 'Ricci', 'De Luca', 'Marino'],
    languages: [['it', 0.6]],
  },
  {
    weight: 3,
    female: ['Eleni', 'Sophia', 'Katerina', 'Despina', 'Vasiliki', 'Anastasia'],
    male: ['Nikos', 'Georgios', 'Con', 'Dimitri', 'Stavros', 'Yanni'],
    surnames: ['Papadopoulos', 'Georgiou', 'Nikolaidis', 'Kostopoulos', 'Christodoulou', 'Pappas', 'Karagiannis', 'Vlahos'],
    languages: [['el', 0.65]],
  },
  {
    weight: 6,
    female: ['Mei', 'Xin', 'Li Na', 'Yan', 'Jing', 'Wei Ling', 'Hui'],
    male: ['Wei', 'Jun', 'Hao', 'Ming', 'Kai', 'Zhi Wei'],
    surnames: ['Wang', 'Li', 'Zhang', 'Chen', 'Liu', 'Huang', 'Zhou', 'Wu', 'Xu', 'Lin'],
    languages: [['zh', 0.8], ['yue', 0.2]],
  },
  {
    weight: 4,
    female: ['Linh', 'Thao', 'Huong', 'Mai', 'Ngoc', 'Trang'],
    male: ['Minh', 'Duc', 'Tuan', 'Huy', 'Quang', 'Bao'],
    surnames: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vo', 'Dang', 'Bui'],
    languages: [['vi', 0.85]],
  },
  {
    weight: 9,
    female: ['Priya', 'Ananya', 'Harpreet', 'Simran', 'Deepika', 'Kavya', 'Neha', 'Manpreet', 'Anjali'],
    male: ['Arjun', 'Rohan', 'Gurpreet', 'Vikram', 'Amit', 'Harjit', 'Rahul', 'Sanjay'],
    surnames: ['Singh', 'Kaur', 'Patel', 'Sharma', 'Gill', 'Reddy', 'Nair', 'Kumar', 'Mehta', 'Sandhu', 'Menon', 'Iyer'],
    languages: [['hi', 0.55], ['pa', 0.35], ['gu', 0.1], ['ml', 0.1], ['ta', 0.08], ['te', 0.06]],
  },
  {
    weight: 5,
    female: ['Sita', 'Anisha', 'Sunita', 'Pooja', 'Sabina', 'Rachana'],
    male: ['Bikash', 'Suman', 'Ramesh', 'Prakash', 'Sagar', 'Bishal'],
    surnames: ['Shrestha', 'Gurung', 'Tamang', 'Adhikari', 'Karki', 'Thapa', 'Rai', 'Poudel', 'Bhandari'],
    languages: [['ne', 0.9], ['hi', 0.3]],
  },
  {
    weight: 6,
    female: ['Maricel', 'Joy', 'Rowena', 'Kristine', 'Angelica', 'Jasmine', 'Divina'],
    male: ['Jerome', 'Mark Anthony', 'Paolo', 'Rommel', 'Jericho', 'Carlo'],
    surnames: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Aquino'],
    languages: [['tl', 0.85]],
  },
  {
    weight: 4,
    female: ['Fatima', 'Layla', 'Mariam', 'Nour', 'Rania', 'Zeinab'],
    male: ['Ahmed', 'Omar', 'Khaled', 'Youssef', 'Hassan', 'Bilal'],
    surnames: ['Haddad', 'Khoury', 'Nasser', 'Hamad', 'Saleh', 'Ibrahim', 'Mansour', 'Haidar'],
    languages: [['ar', 0.85], ['tr', 0.03]],
  },
  {
    weight: 3,
    female: ['Mele', 'Losana', 'Sina', 'Ana', 'Salote'],
    male: ['Sione', 'Tevita', 'Iosefa', 'Malakai', 'Semisi'],
    surnames: ['Taufa', 'Fifita', 'Tuilagi', 'Leota', 'Vunipola', 'Naivalu', 'Faleolo'],
    languages: [['to', 0.45], ['sm', 0.4], ['fj', 0.2]],
  },
  {
    weight: 4,
    female: ['Amina', 'Grace', 'Nyandeng', 'Faith', 'Hodan', 'Chipo', 'Abena'],
    male: ['Deng', 'Samuel', 'Abdi', 'Kwame', 'Tendai', 'Emmanuel'],
    surnames: ['Mohamed', 'Deng', 'Okafor', 'Mensah', 'Moyo', 'Abdullahi', 'Mwangi', 'Garang', 'Tesfaye'],
    languages: [['sw', 0.3], ['so', 0.3], ['am', 0.15], ['ar', 0.1]],
  },
  {
    weight: 2,
    female: ['Ji-woo', 'Min-ji', 'Soo-ah', 'Hye-jin'],
    male: ['Min-jun', 'Seung-ho', 'Dong-hyun', 'Jae-won'],
    surnames: ['Kim', 'Park', 'Lee', 'Choi', 'Jung', 'Kang'],
    languages: [['ko', 0.85]],
  },
  {
    weight: 3,
    female: ['Camila', 'Valentina', 'Daniela', 'Lucía', 'Fernanda', 'Ana Paula'],
    male: ['Mateo', 'Santiago', 'Diego', 'Andrés', 'Rafael', 'Felipe'],
    surnames: ['Gómez', 'Rodríguez', 'Fernández', 'López', 'Martínez', 'Silva', 'Oliveira', 'Castro'],
    languages: [['es', 0.75], ['pt', 0.25]],
  },
  {
    weight: 2,
    female: ['Dilani', 'Nadeesha', 'Tharushi', 'Kavitha'],
    male: ['Kasun', 'Nuwan', 'Dinesh', 'Tharindu'],
    surnames: ['Perera', 'Fernando', 'Silva', 'Jayasinghe', 'Wickramasinghe', 'Sivakumar'],
    languages: [['si', 0.7], ['ta', 0.3]],
  },
  {
    weight: 2,
    female: ['Katarzyna', 'Olena', 'Ivana', 'Milica', 'Natasha'],
    male: ['Piotr', 'Dmytro', 'Marko', 'Aleksandar', 'Tomislav'],
    surnames: ['Kowalski', 'Nowak', 'Shevchenko', 'Petrović', 'Jovanović', 'Horvat', 'Ivanova', 'Stojanovski'],
    languages: [['pl', 0.25], ['uk', 0.2], ['sr', 0.2], ['hr', 0.15], ['mk', 0.15], ['ru', 0.15]],
  },
];

/** First names that people of any gender use; non-binary demo workers draw from these. */
export const neutralFirstNames: readonly string[] = [
  'Alex', 'Jordan', 'Sam', 'Riley', 'Charlie', 'Jesse', 'Robin', 'Quinn', 'Morgan', 'Ash', 'Frankie', 'Kai', 'Rowan', 'Sasha', 'Jamie', 'River',
];
